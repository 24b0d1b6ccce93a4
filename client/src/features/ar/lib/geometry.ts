/**
 * Angles on the compass circle for the AR view: bearings in degrees clockwise from true north, [0, 360) (the
 * bearing itself is common/geo.ts `bearingDegrees`).
 */

/** Any angle in degrees mapped onto [0, 360). */
export function normalizeDegrees(degrees: number): number {
  const r = degrees % 360;
  // `+ 0` turns -0 into 0 so callers comparing with 0 are not surprised.
  return (r < 0 ? r + 360 : r) + 0;
}

/** The signed shortest turn from `from` to `to` in degrees, in (-180, 180]: 359° → 1° is +2, not -358. */
export function angleDelta(from: number, to: number): number {
  const d = normalizeDegrees(to - from);
  return d > 180 ? d - 360 : d;
}
