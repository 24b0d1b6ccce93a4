/**
 * Pure geographic helpers shared by client and server. Distances use the haversine formula on a sphere of
 * EARTH_RADIUS_M, the same model the server's spatial SQL uses (`use_spheroid = false`), so a story the database
 * finds within a radius also measures within it here. Bearings (the AR view, the walk's compass line, the
 * notifications' compass words) are `bearingDegrees`; the story index's nearest-first walk measures on the same
 * sphere (server/src/modules/stories/story-index/sphere-knn.ts).
 */
import { EARTH_RADIUS_M } from './constants';

/** A point on the globe in degrees: the one point type of client, server and common. */
export interface Point {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two points. */
export function haversineMetres(a: Point, b: Point): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // min() guards against rounding pushing h just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial great-circle bearing (forward azimuth) from `from` to `to`, degrees clockwise from north in [0, 360). */
export function bearingDegrees(from: Point, to: Point): number {
  const φ1 = toRadians(from.latitude);
  const φ2 = toRadians(to.latitude);
  const Δλ = toRadians(to.longitude - from.longitude);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const degrees = ((Math.atan2(y, x) * 180) / Math.PI) % 360;
  // `+ 0` turns -0 into 0 so callers comparing with 0 are not surprised.
  return (degrees < 0 ? degrees + 360 : degrees) + 0;
}

/** A point `metres` north (positive) or south of `from`; handy for tests and seeding. */
export function offsetNorth(from: Point, metres: number): Point {
  return { latitude: from.latitude + (metres / EARTH_RADIUS_M) * (180 / Math.PI), longitude: from.longitude };
}

/** A point `metres` east (positive) or west of `from` along its parallel. */
export function offsetEast(from: Point, metres: number): Point {
  const radius = EARTH_RADIUS_M * Math.cos(toRadians(from.latitude));
  return { latitude: from.latitude, longitude: from.longitude + (metres / radius) * (180 / Math.PI) };
}
