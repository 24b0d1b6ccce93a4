/**
 * The stories every nearby read chooses from, in memory: each story's card fields (never its content or media
 * keys) and a spatial index answering "the `limit` nearest stories this viewer may see within `radius`" exactly
 * as the SQL does (story-queries.ts): nearest first on PostGIS's sphere, newest first among stories at one
 * distance, then by id. Pure data structure; story-index.ts keeps it in step with the database.
 *
 * Layout: a static KD-tree (kdbush, geokdbush's great-circle KNN walk) over the stories present at the last
 * rebuild, plus a small overlay of stories created (or moved) since. A card whose position is unchanged is
 * replaced in place; a deleted one leaves an empty slot. The overlay is scanned per read, so it is folded into
 * a new tree once it grows past `maxOverlay`.
 */
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { BoundingBox } from '#common/route-schemas';
import type { StoryRecord } from '../story-repository';
import { POSTGIS_SPHERE_RADIUS_M } from '../nearby-method';

/** The fields of a story a card shows (story-view.ts), without content and media keys. */
export interface StoryCard {
  id: string;
  title: string;
  description: string | null;
  duration: number | null;
  wordCount: number | null;
  latitude: number;
  longitude: number;
  category: string;
  type: StoryRecord['type'];
  authorId: string;
  likes: number;
  isPublic: boolean;
  hidden: boolean;
  timeRestriction: StoryRecord['timeRestriction'];
  unlockStartTime: string | null;
  unlockEndTime: string | null;
  unlockSeason: StoryRecord['unlockSeason'];
  unlockWeather: StoryRecord['unlockWeather'];
  /** created_at in microseconds since the epoch: PostgreSQL's precision, for the newest-first tie-break. */
  createdAtMicros: number;
  revision: number;
}

export interface NearestCard {
  card: StoryCard;
  /** Metres on PostGIS's sphere (ST_DistanceSphere), the measure the SQL filters and orders by. */
  distance: number;
}

export interface NearestQuery {
  latitude: number;
  longitude: number;
  radius: number;
  limit: number;
  viewerId: string | null;
}

/** Stories are grouped by the first byte of their id (256 ranges) for the reconciliation's sums. */
export const ID_RANGES = 256;
export const idRangeOf = (id: string) => parseInt(id.slice(0, 2), 16);

const RAD = Math.PI / 180;
/** geokdbush measures kilometres on a sphere of this radius. */
const GEOKDBUSH_EARTH_KM = 6371;

interface Entry {
  card: StoryCard;
  /** Position in the tree, or -1 while in the overlay. */
  slot: number;
}

export class CardIndex {
  private readonly entries = new Map<string, Entry>();
  private tree: KDBush = emptyTree();
  /** Tree slot → current card (null: deleted or moved to the overlay since the build). */
  private slots: (StoryCard | null)[] = [];
  private readonly overlay = new Map<string, StoryCard>();
  private readonly rangeCounts = new Float64Array(ID_RANGES);
  private readonly rangeRevisionSums = new Float64Array(ID_RANGES);

  constructor(private readonly maxOverlay = 10_000) {}

  get size() {
    return this.entries.size;
  }

  get overlaySize() {
    return this.overlay.size;
  }

  get(id: string): StoryCard | undefined {
    return this.entries.get(id)?.card;
  }

  ids(): IterableIterator<string> {
    return this.entries.keys();
  }

  /**
   * Adds or replaces a card; an older revision than the one held is ignored (a late answer). A bulk load passes
   * `deferRebuild` and calls rebuild() once at its end.
   */
  upsert(card: StoryCard, deferRebuild = false) {
    const entry = this.entries.get(card.id);
    if (entry) {
      if (card.revision < entry.card.revision) return;
      this.count(entry.card, -1);
      if (entry.slot >= 0 && entry.card.latitude === card.latitude && entry.card.longitude === card.longitude) {
        this.slots[entry.slot] = card;
      } else {
        if (entry.slot >= 0) this.slots[entry.slot] = null;
        entry.slot = -1;
        this.overlay.set(card.id, card);
      }
      entry.card = card;
    } else {
      this.entries.set(card.id, { card, slot: -1 });
      this.overlay.set(card.id, card);
    }
    this.count(card, 1);
    if (!deferRebuild && this.overlay.size > this.maxOverlay) this.rebuild();
  }

  delete(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.count(entry.card, -1);
    if (entry.slot >= 0) this.slots[entry.slot] = null;
    else this.overlay.delete(id);
    this.entries.delete(id);
  }

  clear() {
    this.entries.clear();
    this.overlay.clear();
    this.tree = emptyTree();
    this.slots = [];
    this.rangeCounts.fill(0);
    this.rangeRevisionSums.fill(0);
  }

  /** Folds the overlay into a new tree (O(n log n); a million stories take a few hundred milliseconds). */
  rebuild() {
    const tree = new KDBush(Math.max(1, this.entries.size));
    const slots: StoryCard[] = [];
    for (const entry of this.entries.values()) {
      entry.slot = tree.add(entry.card.longitude, entry.card.latitude);
      slots.push(entry.card);
    }
    if (slots.length === 0) tree.add(0, 0); // kdbush needs one point; slot 0 stays empty
    tree.finish();
    this.tree = tree;
    this.slots = slots.length ? slots : [null];
    this.overlay.clear();
  }

  /** Stories and revision sums per id range, for the reconciliation with the table. */
  rangeSums(range: number) {
    return { count: this.rangeCounts[range]!, revisionSum: this.rangeRevisionSums[range]! };
  }

  /**
   * The `limit` nearest cards the viewer may see within `radius` metres: public and not hidden, or their own.
   * Nearest first; among equal distances newest first, then by id descending (the SQL's order).
   */
  nearest(q: NearestQuery): NearestCard[] {
    const { viewerId, limit } = q;
    const visible = (card: StoryCard | null | undefined): card is StoryCard =>
      !!card && ((card.isPublic && !card.hidden) || card.authorId === viewerId);
    const slots = this.slots;
    const bySlot = (slot: number) => visible(slots[slot]);
    // A hair beyond the radius: the exact test below decides on PostGIS's sphere.
    const maxKm = (q.radius / POSTGIS_SPHERE_RADIUS_M) * GEOKDBUSH_EARTH_KM * (1 + 1e-9) + 1e-9;
    const measure = (card: StoryCard): NearestCard => ({ card, distance: sphereMetres(q, card) });

    let found = around(this.tree, q.longitude, q.latitude, limit + 1, maxKm, bySlot).map((slot) => measure(slots[slot]!));
    if (found.length === limit + 1 && found[limit - 1]!.distance === found[limit]!.distance) {
      // Stories tied at the cap's distance: all of them compete for the last places, newest first.
      const tieKm = (found[limit]!.distance / POSTGIS_SPHERE_RADIUS_M) * GEOKDBUSH_EARTH_KM * (1 + 1e-9);
      found = around(this.tree, q.longitude, q.latitude, Infinity, tieKm, bySlot).map((slot) => measure(slots[slot]!));
    }
    for (const card of this.overlay.values()) {
      if (visible(card)) found.push(measure(card));
    }
    return found
      .filter((hit) => hit.distance <= q.radius)
      .sort(byDistanceThenNewest)
      .slice(0, limit);
  }

  /**
   * The cards the viewer may see inside a latitude/longitude box (west > east crosses the antimeridian), nearest
   * to `centre` first, at most `limit`: the SQL's viewport read (storyQueries.inBox).
   */
  inBox(box: BoundingBox, centre: { latitude: number; longitude: number }, limit: number, viewerId: string | null): NearestCard[] {
    const visible = (card: StoryCard | null | undefined): card is StoryCard =>
      !!card && ((card.isPublic && !card.hidden) || card.authorId === viewerId);
    const inside = (card: StoryCard) =>
      card.latitude >= box.south &&
      card.latitude <= box.north &&
      (box.west <= box.east
        ? card.longitude >= box.west && card.longitude <= box.east
        : card.longitude >= box.west || card.longitude <= box.east);
    const spans: [number, number][] = box.west <= box.east ? [[box.west, box.east]] : [[box.west, 180], [-180, box.east]];
    const found: NearestCard[] = [];
    for (const [west, east] of spans) {
      for (const slot of this.tree.range(west, box.south, east, box.north)) {
        const card = this.slots[slot];
        if (visible(card) && inside(card)) {
          found.push({ card, distance: sphereMetres(centre, card) });
        }
      }
    }
    for (const card of this.overlay.values()) {
      if (visible(card) && inside(card)) found.push({ card, distance: sphereMetres(centre, card) });
    }
    return found.sort(byDistanceThenNewest).slice(0, limit);
  }

  private count(card: StoryCard, sign: 1 | -1) {
    const range = idRangeOf(card.id);
    this.rangeCounts[range]! += sign;
    this.rangeRevisionSums[range]! += sign * card.revision;
  }
}

function emptyTree() {
  const tree = new KDBush(1);
  tree.add(0, 0);
  tree.finish();
  return tree;
}

/** Haversine on PostGIS's sphere, as ST_DistanceSphere computes it. */
export function sphereMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLng = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * POSTGIS_SPHERE_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

function byDistanceThenNewest(a: NearestCard, b: NearestCard) {
  return (
    a.distance - b.distance ||
    b.card.createdAtMicros - a.card.createdAtMicros ||
    (a.card.id < b.card.id ? 1 : a.card.id > b.card.id ? -1 : 0)
  );
}
