/**
 * Pure geographic helpers shared by client and server. Distances use the haversine formula on a sphere of
 * EARTH_RADIUS_M, the same model the server's spatial SQL uses (`use_spheroid = false`), so a story the database
 * finds within a radius also measures within it here.
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

/** A point `metres` north (positive) or south of `from`; handy for tests and seeding. */
export function offsetNorth(from: Point, metres: number): Point {
  return { latitude: from.latitude + (metres / EARTH_RADIUS_M) * (180 / Math.PI), longitude: from.longitude };
}

/** A point `metres` east (positive) or west of `from` along its parallel. */
export function offsetEast(from: Point, metres: number): Point {
  const radius = EARTH_RADIUS_M * Math.cos(toRadians(from.latitude));
  return { latitude: from.latitude, longitude: from.longitude + (metres / radius) * (180 / Math.PI) };
}
