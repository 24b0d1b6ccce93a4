/** Coordinates typed in a field (a planned place, docs/decisions/060-story-drafts-and-routes-in.md) and shown in one. */

/** A latitude (max 90) or longitude (max 180) typed in a field — a comma taken as the decimal point — or null. */
export function parseCoordinate(text: string, max: number): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Math.abs(value) <= max ? value : null;
}

/** A coordinate for a field: six decimals (about 10 cm), without trailing zeros. */
export function coordinateText(value: number): string {
  return value.toFixed(6).replace(/\.?0+$/, '');
}
