/** Metres as the AR view shows them: "350m" below a kilometre, "1.2km" from there. */
export function formatMetres(metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) return '';
  return metres >= 1000 ? `${(metres / 1000).toFixed(1)}km` : `${Math.round(metres)}m`;
}

const POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** The nearest of the eight compass points for a heading in degrees, e.g. 44 → "NE". */
export function compassPoint(heading: number): string {
  const index = Math.round((((heading % 360) + 360) % 360) / 45) % 8;
  return POINTS[index] ?? 'N';
}
