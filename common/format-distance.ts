/**
 * Distances as the discovery screen shows them (docs/design.md, part 2): under 1 km in whole metres ("350m"), otherwise
 * kilometres with one decimal ("1.2km"). A distance that rounds to 1000 m is already shown as "1.0km", so the
 * list never reads "1000m".
 */
export function formatDistanceMetres(metres: number): string {
  const rounded = Math.round(metres);
  if (rounded < 1000) return `${Math.max(0, rounded)}m`;
  return `${(metres / 1000).toFixed(1)}km`;
}
