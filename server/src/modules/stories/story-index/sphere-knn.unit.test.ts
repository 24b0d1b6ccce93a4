/** sphereNearest against geokdbush's `around` (the walk it replaces) and against a scan of every point. */
import fc from 'fast-check';
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M } from '#common/constants';
import { haversineMetres, offsetEast, offsetNorth } from '#common/geo';
import { sphereNearest } from './sphere-knn';

const RAD = Math.PI / 180;
/** geokdbush measures kilometres on a sphere of 6,371 km; the same angle on the app's one sphere, in metres. */
const GEOKDBUSH_EARTH_KM = 6371;
const metresOf = (geokdbushKm: number) => (geokdbushKm / GEOKDBUSH_EARTH_KM) * EARTH_RADIUS_M;
/** Great-circle kilometres on geokdbush's sphere. */
function km(lng1: number, lat1: number, lng2: number, lat2: number) {
  const h =
    Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lng2 - lng1) * RAD) / 2) ** 2;
  return 2 * GEOKDBUSH_EARTH_KM * Math.asin(Math.sqrt(h));
}

function treeOf(points: [number, number][], nodeSize = 8) {
  const tree = new KDBush(points.length, nodeSize);
  for (const [lng, lat] of points) tree.add(lng, lat);
  tree.finish();
  return tree;
}

const point = fc.tuple(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.double({ min: -89.9, max: 89.9, noNaN: true }),
);
/** A cluster of points within about a degree of a centre, as the city and points-of-interest reads see them. */
const clustered = fc
  .tuple(
    point,
    fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), {
      minLength: 1,
      maxLength: 400,
    }),
  )
  .map(([[lng, lat], offsets]) =>
    offsets.map(([dx, dy]): [number, number] => [
      Math.max(-180, Math.min(180, lng + dx)),
      Math.max(-89.9, Math.min(89.9, lat + dy)),
    ]),
  );

describe('sphereNearest', () => {
  it('finds the same distances as geokdbush around, and as a scan, for any k, radius and filter', () => {
    fc.assert(
      fc.property(
        fc.oneof(clustered, fc.array(point, { minLength: 1, maxLength: 300 })),
        point,
        fc.integer({ min: 1, max: 60 }),
        fc.oneof(fc.double({ min: 0.01, max: 300, noNaN: true }), fc.constant(Infinity)),
        fc.integer({ min: 1, max: 4 }),
        (points, [lng, lat], k, maxKm, modulo) => {
          const tree = treeOf(points);
          const accept = (id: number) => id % modulo !== 0 || modulo === 1;
          const mine = sphereNearest(tree, lng, lat, k, metresOf(maxKm), accept);
          const theirs = around(tree, lng, lat, k, maxKm, accept);
          const distance = (id: number) => km(lng, lat, points[id]![0], points[id]![1]);
          const scan = points
            .map((_, id) => id)
            .filter((id) => accept(id) && distance(id) <= maxKm * (1 + 1e-12))
            .map(distance)
            .sort((a, b) => a - b)
            .slice(0, k);
          expect(mine.map(distance)).toEqual(theirs.map(distance));
          expect(mine.length).toBe(scan.length);
          mine.map(distance).forEach((d, i) => expect(d).toBeCloseTo(scan[i]!, 9));
          expect(new Set(mine).size).toBe(mine.length);
          for (const id of mine) expect(accept(id)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers every point within the distance when k is Infinity, across the antimeridian and near a pole', () => {
    const points: [number, number][] = [
      [179.99, 10],
      [-179.99, 10],
      [179.5, 10],
      [0, 89.95],
      [180, 89.99],
      [-90, 89.9],
    ];
    const tree = treeOf(points, 2);
    const east = sphereNearest(tree, 179.999, 10, Infinity, metresOf(5), () => true);
    expect(east.sort()).toEqual([0, 1]);
    const pole = sphereNearest(tree, 45, 89.99, Infinity, metresOf(20), () => true);
    expect(pole.sort()).toEqual([3, 4, 5]);
    expect(sphereNearest(tree, 0, 0, 3, Infinity, () => false)).toEqual([]);
  });

  it("measures on the app's one sphere: what haversineMetres puts at d metres is within d, and not within a hair less", () => {
    const here = { latitude: 32.08, longitude: -81.1 };
    const there = offsetEast(offsetNorth(here, 700), 400);
    const d = haversineMetres(here, there);
    const tree = treeOf([[there.longitude, there.latitude]]);
    expect(sphereNearest(tree, here.longitude, here.latitude, 1, d * (1 + 1e-9), () => true)).toEqual([0]);
    expect(sphereNearest(tree, here.longitude, here.latitude, 1, d * (1 - 1e-6), () => true)).toEqual([]);
  });
});
