/**
 * The k nearest points of a kdbush tree on the sphere (great-circle distance), within a maximum distance and
 * passing a filter, nearest first: the answer geokdbush's `around` gives, found without an object per point or
 * node visited. `around` puts every point of every leaf it opens into a priority queue as an object; the nearby
 * read opens a few hundred per call, and that queue was a tenth of the app's CPU per read (bench/README.md).
 *
 * The walk is depth first, the nearer child first; a node is skipped when the lower bound of its box's distance
 * is beyond the k-th best so far (or the maximum distance). The k best are kept in a max-heap of typed arrays.
 * Distances are compared as haversines (sin²(θ/2)), which order points exactly as the great-circle distance does.
 */
import type KDBush from 'kdbush';
import { EARTH_RADIUS_M } from '#common/constants';

const RAD = Math.PI / 180;
/** Node fields on the walk's stack: first and last index, split axis, and the box. */
const FIELDS = 7;

const haverSin = (theta: number) => {
  const s = Math.sin(theta / 2);
  return s * s;
};

/**
 * Ids of the `k` nearest points to (lng, lat) within `maxMetres` (on the app's one sphere, common/geo.ts) that `accept`, nearest first (`k` may be Infinity:
 * every such point). Points at equal distance come in no particular order.
 */
export function sphereNearest(
  tree: KDBush,
  lng: number,
  lat: number,
  k: number,
  maxMetres: number,
  accept: (id: number) => boolean,
): number[] {
  const { ids, coords, nodeSize } = tree;
  const cosLat = Math.cos(lat * RAD);
  const maxHaverSin = maxMetres >= Math.PI * EARTH_RADIUS_M ? 1 : haverSin(maxMetres / EARTH_RADIUS_M);
  const best = new BestK(k);
  let bound = maxHaverSin;
  /** Offers point i when it is within the bound (latitude checked first: no cos for most points of a far leaf). */
  const consider = (i: number) => {
    const pointLat = coords[2 * i + 1]!;
    const latPart = haverSin((lat - pointLat) * RAD);
    if (latPart > bound) return;
    const distance = latPart + cosLat * Math.cos(pointLat * RAD) * haverSin((lng - coords[2 * i]!) * RAD);
    if (distance > bound || !accept(ids[i]!)) return;
    best.offer(ids[i]!, distance);
    bound = Math.min(maxHaverSin, best.bound());
  };

  const stack: number[] = [0, ids.length - 1, 0, -180, -90, 180, 90];
  while (stack.length > 0) {
    const at = stack.length - FIELDS;
    const left = stack[at]!;
    const right = stack[at + 1]!;
    const axis = stack[at + 2]!;
    const minLng = stack[at + 3]!;
    const minLat = stack[at + 4]!;
    const maxLng = stack[at + 5]!;
    const maxLat = stack[at + 6]!;
    stack.length = at;
    if (boxHaverSin(lng, lat, cosLat, minLng, minLat, maxLng, maxLat) > bound) continue;

    if (right - left <= nodeSize) {
      for (let i = left; i <= right; i++) consider(i);
      continue;
    }
    // The middle of a node is a point too; its halves follow, the one holding the query's coordinate on top.
    const middle = (left + right) >> 1;
    consider(middle);
    const split = coords[2 * middle + axis]!;
    const next = 1 - axis;
    const lowerMaxLng = axis === 0 ? split : maxLng;
    const lowerMaxLat = axis === 1 ? split : maxLat;
    const upperMinLng = axis === 0 ? split : minLng;
    const upperMinLat = axis === 1 ? split : minLat;
    if ((axis === 0 ? lng : lat) < split) {
      stack.push(middle + 1, right, next, upperMinLng, upperMinLat, maxLng, maxLat);
      stack.push(left, middle - 1, next, minLng, minLat, lowerMaxLng, lowerMaxLat);
    } else {
      stack.push(left, middle - 1, next, minLng, minLat, lowerMaxLng, lowerMaxLat);
      stack.push(middle + 1, right, next, upperMinLng, upperMinLat, maxLng, maxLat);
    }
  }
  return best.sorted();
}

/**
 * A lower bound of the haversine from the query to any point of a longitude/latitude box: along the query's
 * meridian when the box spans its longitude; otherwise to the nearer side meridian, at the latitude where a great
 * circle from the query meets it closest (clamped to the box's corners).
 */
function boxHaverSin(
  lng: number,
  lat: number,
  cosLat: number,
  minLng: number,
  minLat: number,
  maxLng: number,
  maxLat: number,
) {
  if (lng >= minLng && lng <= maxLng) {
    if (lat < minLat) return haverSin((lat - minLat) * RAD);
    if (lat > maxLat) return haverSin((lat - maxLat) * RAD);
    return 0;
  }
  const lngPart = Math.min(haverSin((lng - minLng) * RAD), haverSin((lng - maxLng) * RAD));
  const cosDLng = 1 - 2 * lngPart;
  const closestLat = cosDLng <= 0 ? (lat > 0 ? 90 : -90) : Math.atan(Math.tan(lat * RAD) / cosDLng) / RAD;
  if (closestLat > minLat && closestLat < maxLat) return haverSinAt(lat, cosLat, lngPart, closestLat);
  return Math.min(haverSinAt(lat, cosLat, lngPart, minLat), haverSinAt(lat, cosLat, lngPart, maxLat));
}

/** The haversine from the query to a point at `pointLat`, given the longitude difference's haversine. */
function haverSinAt(lat: number, cosLat: number, lngPart: number, pointLat: number) {
  return cosLat * Math.cos(pointLat * RAD) * lngPart + haverSin((lat - pointLat) * RAD);
}

/** The k smallest (distance, id) pairs offered: a max-heap of typed arrays, or every pair when k is Infinity. */
class BestK {
  private readonly ids: number[] | Int32Array;
  private readonly distances: number[] | Float64Array;
  private size = 0;

  constructor(private readonly k: number) {
    const bounded = Number.isFinite(k);
    this.ids = bounded ? new Int32Array(k) : [];
    this.distances = bounded ? new Float64Array(k) : [];
  }

  /** Offers beyond this cannot enter. */
  bound(): number {
    return this.size < this.k ? Infinity : this.distances[0]!;
  }

  offer(id: number, distance: number) {
    if (!Number.isFinite(this.k)) {
      this.ids[this.size] = id;
      this.distances[this.size++] = distance;
      return;
    }
    if (this.size < this.k) {
      this.siftUp(this.size++, id, distance);
    } else if (distance < this.distances[0]!) {
      this.siftDown(id, distance);
    }
  }

  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => this.distances[a]! - this.distances[b]!);
    return order.map((i) => this.ids[i]!);
  }

  private siftUp(at: number, id: number, distance: number) {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (this.distances[parent]! >= distance) break;
      this.ids[at] = this.ids[parent]!;
      this.distances[at] = this.distances[parent]!;
      at = parent;
    }
    this.ids[at] = id;
    this.distances[at] = distance;
  }

  /** Replaces the farthest with (id, distance). */
  private siftDown(id: number, distance: number) {
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && this.distances[right]! > this.distances[left]! ? right : left;
      if (this.distances[child]! <= distance) break;
      this.ids[at] = this.ids[child]!;
      this.distances[at] = this.distances[child]!;
      at = child;
    }
    this.ids[at] = id;
    this.distances[at] = distance;
  }
}
