/**
 * Which SQL answers a nearby read (story-queries.ts has both): "box" is cheaper for small caps, "knn" is exact
 * everywhere. The choice depends only on the place, the radius and the cap (bench/README.md has the figures).
 */
import { EARTH_RADIUS_M } from '#common/constants';

export type NearbyMethod = 'knn' | 'box';

/** Up to this cap the box method wins; at the map's 1,000 its box reads the heap twice and loses to "knn". */
const BOX_METHOD_MAX_LIMIT = 200;

/**
 * Whether the box method answers this read exactly: a small cap, and the radius's box neither crosses the
 * antimeridian nor holds a pole (the reach is never more than the radius, so its box is inside this one).
 */
export function useBoxMethod(latitude: number, longitude: number, radius: number, limit: number): boolean {
  if (limit > BOX_METHOD_MAX_LIMIT) return false;
  const rho = radius / EARTH_RADIUS_M;
  const cosLat = Math.cos((latitude * Math.PI) / 180);
  if (Math.sin(rho) >= cosLat * 0.999) return false;
  const halfWidth = (Math.asin(Math.sin(rho) / cosLat) * 180) / Math.PI + 1e-6;
  return longitude - halfWidth > -180 && longitude + halfWidth < 180;
}
