/**
 * Angles on the compass circle for the AR view: bearings in degrees clockwise from true north, [0, 360).
 */
import type { Point } from '#common/geo';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

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

/** Initial great-circle bearing (forward azimuth) from `from` to `to`, degrees clockwise from north. */
export function initialBearing(from: Point, to: Point): number {
  const φ1 = toRadians(from.latitude);
  const φ2 = toRadians(to.latitude);
  const Δλ = toRadians(to.longitude - from.longitude);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return normalizeDegrees(toDegrees(Math.atan2(y, x)));
}
