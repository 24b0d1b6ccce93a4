/**
 * Distances as the discovery screen shows them (spec section 2): under 1 km in whole metres ("350m"), otherwise
 * kilometres with one decimal ("1.2km"). A distance that rounds to 1000 m is already shown as "1.0km", so the
 * list never reads "1000m".
 */
export function formatDistanceMetres(metres: number): string {
  const rounded = Math.round(metres);
  if (rounded < 1000) return `${Math.max(0, rounded)}m`;
  return `${(metres / 1000).toFixed(1)}km`;
}

/**
 * The simple discover screen's placeholder distance (spec: "a random placeholder distance of 1-5 km"). It is
 * derived from the story id, so one story keeps the same figure across renders and reloads.
 */
export function placeholderDistanceKm(id: string): number {
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  // 41 steps of 0.1 km: 1.0 … 5.0.
  return 1 + ((hash >>> 0) % 41) / 10;
}
