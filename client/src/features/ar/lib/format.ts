import { formatDistanceFor } from '#client/lib/i18n/format';

/** Metres as the AR view shows them: "350m" below a kilometre, "1.2km" from there (in the reader's language and units). */
export function formatMetres(metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) return '';
  return formatDistanceFor(metres);
}

const POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof POINTS)[number];

/** The nearest of the eight compass points for a heading in degrees, e.g. 44 → "NE". */
export function compassPoint(heading: number): CompassPoint {
  const index = Math.round((((heading % 360) + 360) % 360) / 45) % 8;
  return POINTS[index] ?? 'N';
}
