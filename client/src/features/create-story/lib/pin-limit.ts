/**
 * The author may move a new story's pin up to 200 m from their fix (docs/design.md, rule 12); the server refuses
 * anything farther. A point dragged beyond is pulled back onto the circle along the same bearing.
 */
import { LOCATION_CLAIM } from '#common/constants';
import { haversineMetres, offsetEast, offsetNorth, type Point } from '#common/geo';

/** A little inside the limit, so rounding on the way to the server never crosses it. */
const CLAMP_M = LOCATION_CLAIM.pinMoveM - 1;

export function clampPin(fix: Point, point: Point): Point {
  const distance = haversineMetres(fix, point);
  if (distance <= CLAMP_M) return point;
  const north =
    haversineMetres(fix, { latitude: point.latitude, longitude: fix.longitude }) *
    Math.sign(point.latitude - fix.latitude);
  const east =
    haversineMetres(fix, { latitude: fix.latitude, longitude: point.longitude }) *
    Math.sign(point.longitude - fix.longitude);
  const length = Math.hypot(north, east);
  return offsetEast(offsetNorth(fix, (north / length) * CLAMP_M), (east / length) * CLAMP_M);
}
