/**
 * The stories every nearby read chooses from, in memory: each story's card fields (never its content or media
 * keys) and a spatial index answering "the `limit` nearest stories this viewer may see within `radius`" exactly
 * as the SQL does (story-queries.ts): nearest first on PostGIS's sphere, newest first among stories at one
 * distance, then by id. Pure data structure; story-index.ts keeps it in step with the database.
 *
 * Layout: a static KD-tree (kdbush; sphere-knn.ts walks it for the great-circle KNN) over the stories present at
 * the last rebuild, plus a small overlay of stories created (or moved) since. A card whose position is unchanged is
 * replaced in place; a deleted one leaves an empty slot. The overlay is scanned per read, so it is folded into
 * a new tree once it grows past `maxOverlay`.
 */
import KDBush from 'kdbush';
import type { BoundingBox } from '#common/route-schemas';
import { EARTH_RADIUS_M } from '#common/constants';
import { KNN_EARTH_KM, sphereNearest } from './sphere-knn';
import { ID_RANGES, idRangeOf, sphereMetres, type NearestCard, type NearestQuery, type StoryCard } from './card';
import type { Point } from '#common/geo';
import { LOCK_FIELDS, type LockField } from '#common/lock-kinds';

const orNull = (value: number) => (Number.isNaN(value) ? null : value);

/** Text columns: category, type, time restriction, then the lock fields (common/lock-kinds.ts). */
const LOCK_TEXT_COLUMN = 3;
/** Each lock field's text column. */
const LOCK_COLUMN = Object.fromEntries(LOCK_FIELDS.map((field, i) => [field, LOCK_TEXT_COLUMN + i])) as Record<LockField, number>;

/** Repeated text (categories, types, restriction values, author ids) stored once, by number. */
class Interned<T> {
  private readonly numbers = new Map<T, number>();
  readonly values: T[] = [];
  numberOf(value: T): number {
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(value);
      this.numbers.set(value, n);
    }
    return n;
  }
  numberIfKnown(value: T): number | undefined {
    return this.numbers.get(value);
  }
}

const INITIAL_CAPACITY = 1_024;
const NO_SLOT = -1;

/**
 * The cards in columns: typed arrays for numbers and flags, numbers into interned tables for repeated text, and
 * only each story's id, title and description as strings of their own. A million stories are then a few million strings and
 * typed arrays, not a million objects for the garbage collector to trace on every major collection.
 */
export class CardIndex {
  /** Story id → row in the columns. */
  private readonly rowOf = new Map<string, number>();
  private readonly freeRows: number[] = [];
  private capacity = 0;
  private ids: (string | null)[] = [];
  private titles: string[] = [];
  private descriptions: (string | null)[] = [];
  private latitudes = new Float64Array(0);
  private longitudes = new Float64Array(0);
  private createdAts = new Float64Array(0);
  private revisions = new Float64Array(0);
  /** likes, duration and word count (NaN: null). */
  private likes = new Float64Array(0);
  private durations = new Float64Array(0);
  private wordCounts = new Float64Array(0);
  /** bit 0 public, bit 1 hidden. */
  private flags = new Uint8Array(0);
  private authors = new Int32Array(0);
  /** category, type, restriction, start, end, season, weather: numbers into `text` (a few values each). */
  private textColumns: Int32Array[] = Array.from({ length: LOCK_TEXT_COLUMN + LOCK_FIELDS.length }, () => new Int32Array(0));
  private readonly text = new Interned<string | null>();
  private readonly authorTable = new Interned<string>();
  /** The row's position in the tree, or NO_SLOT while in the overlay. */
  private slotOfRow = new Int32Array(0);

  private tree: KDBush = emptyTree();
  /** Tree slot → row (NO_SLOT: deleted or moved to the overlay since the build). */
  private rowOfSlot = new Int32Array(1).fill(NO_SLOT);
  /** Per tree slot, what the walk's filter tests for every point it opens: 1 = visible to everyone. */
  private slotPublic = new Uint8Array(1);
  /** Per tree slot, the author's number (-1: empty slot). */
  private slotAuthor = new Int32Array(1).fill(NO_SLOT);
  /** Rows created or moved since the last build. */
  private readonly overlay = new Set<number>();
  private readonly rangeCounts = new Float64Array(ID_RANGES);
  private readonly rangeRevisionSums = new Float64Array(ID_RANGES);

  constructor(private readonly maxOverlay = 10_000) {}

  get size() {
    return this.rowOf.size;
  }

  get(id: string): StoryCard | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : this.cardAt(row);
  }

  storyIds(): IterableIterator<string> {
    return this.rowOf.keys();
  }

  /** Every author of a story held (and some whose stories have gone since). */
  authorIds(): string[] {
    return [...this.authorTable.values];
  }

  /**
   * Adds or replaces a card; an older revision than the one held is ignored (a late answer). A bulk load passes
   * `deferRebuild` and calls rebuild() once at its end.
   */
  upsert(card: StoryCard, deferRebuild = false) {
    let row = this.rowOf.get(card.id);
    if (row !== undefined) {
      if (card.revision < this.revisions[row]!) return;
      this.count(row, -1);
      const slot = this.slotOfRow[row]!;
      const moved = this.latitudes[row] !== card.latitude || this.longitudes[row] !== card.longitude;
      this.write(row, card);
      if (slot !== NO_SLOT && !moved) this.fillSlot(slot, row);
      else if (slot !== NO_SLOT) {
        this.fillSlot(slot, NO_SLOT);
        this.slotOfRow[row] = NO_SLOT;
        this.overlay.add(row);
      }
    } else {
      row = this.freeRows.pop() ?? this.growBy1();
      this.rowOf.set(card.id, row);
      this.write(row, card);
      this.slotOfRow[row] = NO_SLOT;
      this.overlay.add(row);
    }
    this.count(row, 1);
    if (!deferRebuild && this.overlay.size > this.maxOverlay) this.rebuild();
  }

  delete(id: string) {
    const row = this.rowOf.get(id);
    if (row === undefined) return;
    this.count(row, -1);
    const slot = this.slotOfRow[row]!;
    if (slot !== NO_SLOT) this.fillSlot(slot, NO_SLOT);
    else this.overlay.delete(row);
    this.rowOf.delete(id);
    this.ids[row] = null;
    this.titles[row] = '';
    this.descriptions[row] = null;
    this.freeRows.push(row);
  }

  clear() {
    this.rowOf.clear();
    this.freeRows.length = 0;
    this.capacity = 0;
    this.ids = [];
    this.titles = [];
    this.descriptions = [];
    this.resize(0);
    this.overlay.clear();
    this.tree = emptyTree();
    this.rowOfSlot = new Int32Array(1).fill(NO_SLOT);
    this.slotPublic = new Uint8Array(1);
    this.slotAuthor = new Int32Array(1).fill(NO_SLOT);
    this.rangeCounts.fill(0);
    this.rangeRevisionSums.fill(0);
  }

  /** Folds the overlay into a new tree (O(n log n); a million stories take a few hundred milliseconds). */
  rebuild() {
    const tree = new KDBush(Math.max(1, this.rowOf.size));
    const rows: number[] = [];
    for (const row of this.rowOf.values()) {
      this.slotOfRow[row] = tree.add(this.longitudes[row]!, this.latitudes[row]!);
      rows.push(row);
    }
    if (rows.length === 0) tree.add(0, 0); // kdbush needs one point; slot 0 stays empty
    tree.finish();
    this.tree = tree;
    const slots = Math.max(1, rows.length);
    this.rowOfSlot = new Int32Array(slots).fill(NO_SLOT);
    this.slotPublic = new Uint8Array(slots);
    this.slotAuthor = new Int32Array(slots).fill(NO_SLOT);
    rows.forEach((row, slot) => this.fillSlot(slot, row));
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
    const { limit } = q;
    const viewerNumber = this.viewerNumber(q.viewerId);
    const blocked = this.authorNumbers(q.blockedAuthorIds);
    const { slotPublic, slotAuthor, rowOfSlot } = this;
    const bySlot = blocked
      ? (slot: number) => (slotPublic[slot] === 1 || slotAuthor[slot] === viewerNumber) && !blocked.has(slotAuthor[slot]!)
      : (slot: number) => slotPublic[slot] === 1 || slotAuthor[slot] === viewerNumber;
    // A hair beyond the radius: the exact test below decides on PostGIS's sphere.
    const maxKm = (q.radius / EARTH_RADIUS_M) * KNN_EARTH_KM * (1 + 1e-9) + 1e-9;
    const hit = (row: number): Hit => ({ row, distance: this.distanceTo(q, row) });

    let found = sphereNearest(this.tree, q.longitude, q.latitude, limit + 1, maxKm, bySlot).map((slot) => hit(rowOfSlot[slot]!));
    if (found.length === limit + 1 && found[limit - 1]!.distance === found[limit]!.distance) {
      // Stories tied at the cap's distance: all of them compete for the last places, newest first.
      const tieKm = (found[limit]!.distance / EARTH_RADIUS_M) * KNN_EARTH_KM * (1 + 1e-9);
      found = sphereNearest(this.tree, q.longitude, q.latitude, Infinity, tieKm, bySlot).map((slot) => hit(rowOfSlot[slot]!));
    }
    for (const row of this.overlay) {
      if (this.visibleRow(row, viewerNumber)) found.push(hit(row));
    }
    return this.finish(
      found.filter((h) => h.distance <= q.radius && !blocked?.has(this.authors[h.row]!)),
      limit,
    );
  }

  /**
   * The cards the viewer may see inside a latitude/longitude box (west > east crosses the antimeridian), nearest
   * to `centre` first, at most `limit`: the SQL's viewport read (storyQueries.inBox).
   */
  inBox(
    box: BoundingBox,
    centre: Point,
    limit: number,
    viewerId: string | null,
    blockedAuthorIds?: readonly string[],
  ): NearestCard[] {
    const viewerNumber = this.viewerNumber(viewerId);
    const blocked = this.authorNumbers(blockedAuthorIds);
    const inside = (row: number) => {
      if (blocked?.has(this.authors[row]!)) return false;
      const latitude = this.latitudes[row]!;
      const longitude = this.longitudes[row]!;
      return (
        latitude >= box.south &&
        latitude <= box.north &&
        (box.west <= box.east ? longitude >= box.west && longitude <= box.east : longitude >= box.west || longitude <= box.east)
      );
    };
    const spans: [number, number][] = box.west <= box.east ? [[box.west, box.east]] : [[box.west, 180], [-180, box.east]];
    const found: Hit[] = [];
    for (const [west, east] of spans) {
      for (const slot of this.tree.range(west, box.south, east, box.north)) {
        const row = this.rowOfSlot[slot]!;
        if (row !== NO_SLOT && this.visibleRow(row, viewerNumber) && inside(row)) {
          found.push({ row, distance: this.distanceTo(centre, row) });
        }
      }
    }
    for (const row of this.overlay) {
      if (this.visibleRow(row, viewerNumber) && inside(row)) found.push({ row, distance: this.distanceTo(centre, row) });
    }
    return this.finish(found, limit);
  }

  /** Sorted as the SQL sorts, cut to `limit`, and only then made into card objects. */
  private finish(found: Hit[], limit: number): NearestCard[] {
    const { createdAts, ids } = this;
    found.sort(
      (a, b) =>
        a.distance - b.distance ||
        createdAts[b.row]! - createdAts[a.row]! ||
        (ids[a.row]! < ids[b.row]! ? 1 : ids[a.row]! > ids[b.row]! ? -1 : 0),
    );
    return found.slice(0, limit).map((h) => ({ card: this.cardAt(h.row), distance: h.distance }));
  }

  /** The known authors among `ids` as their numbers; null when there are none (the common case: no blocks). */
  private authorNumbers(ids: readonly string[] | undefined): Set<number> | null {
    if (!ids || ids.length === 0) return null;
    const numbers = new Set<number>();
    for (const id of ids) {
      const n = this.authorTable.numberIfKnown(id);
      if (n !== undefined) numbers.add(n);
    }
    return numbers.size > 0 ? numbers : null;
  }

  private viewerNumber(viewerId: string | null) {
    return viewerId === null ? -2 : (this.authorTable.numberIfKnown(viewerId) ?? -2);
  }

  private visibleRow(row: number, viewerNumber: number) {
    const flags = this.flags[row]!;
    return (flags & 1 && !(flags & 2)) || this.authors[row] === viewerNumber;
  }

  private distanceTo(point: Point, row: number) {
    return sphereMetres(point, { latitude: this.latitudes[row]!, longitude: this.longitudes[row]! });
  }

  /**
   * The card held at `row`. It runs for every story of every answer (up to 1,000 per map read), so it is one
   * literal of a fixed shape: no closures (under tsx each named closure is also renamed, esbuild's keepNames, on
   * every call), no spread and no keyed stores (the lock fields are named; TypeScript holds the list complete).
   */
  private cardAt(row: number): StoryCard {
    const flags = this.flags[row]!;
    return {
      id: this.ids[row]!,
      title: this.titles[row]!,
      description: this.descriptions[row] ?? null,
      duration: orNull(this.durations[row]!),
      wordCount: orNull(this.wordCounts[row]!),
      latitude: this.latitudes[row]!,
      longitude: this.longitudes[row]!,
      category: this.textAt(0, row),
      type: this.textAt(1, row) as StoryCard['type'],
      authorId: this.authorTable.values[this.authors[row]!]!,
      likes: this.likes[row]!,
      isPublic: (flags & 1) === 1,
      hidden: (flags & 2) === 2,
      timeRestriction: this.textAt(2, row) as StoryCard['timeRestriction'],
      unlockStartTime: this.textAt(LOCK_COLUMN.unlockStartTime, row),
      unlockEndTime: this.textAt(LOCK_COLUMN.unlockEndTime, row),
      unlockSeason: this.textAt(LOCK_COLUMN.unlockSeason, row) as StoryCard['unlockSeason'],
      unlockWeather: this.textAt(LOCK_COLUMN.unlockWeather, row) as StoryCard['unlockWeather'],
      createdAtMicros: this.createdAts[row]!,
      revision: this.revisions[row]!,
    };
  }

  private textAt(column: number, row: number) {
    return this.text.values[this.textColumns[column]![row]!]!;
  }

  private write(row: number, card: StoryCard) {
    this.ids[row] = card.id;
    this.titles[row] = card.title;
    this.descriptions[row] = card.description;
    this.latitudes[row] = card.latitude;
    this.longitudes[row] = card.longitude;
    this.createdAts[row] = card.createdAtMicros;
    this.revisions[row] = card.revision;
    this.likes[row] = card.likes;
    this.durations[row] = card.duration ?? Number.NaN;
    this.wordCounts[row] = card.wordCount ?? Number.NaN;
    this.flags[row] = (card.isPublic ? 1 : 0) | (card.hidden ? 2 : 0);
    this.authors[row] = this.authorTable.numberOf(card.authorId);
    const texts = [card.category, card.type, card.timeRestriction, ...LOCK_FIELDS.map((field) => card[field])];
    texts.forEach((value, column) => (this.textColumns[column]![row] = this.text.numberOf(value)));
  }

  private fillSlot(slot: number, row: number) {
    this.rowOfSlot[slot] = row;
    this.slotPublic[slot] = row !== NO_SLOT && this.flags[row] === 1 ? 1 : 0;
    this.slotAuthor[slot] = row === NO_SLOT ? NO_SLOT : this.authors[row]!;
  }

  /** A new row at the end of the columns, growing them (doubling) when full. */
  private growBy1(): number {
    const row = this.ids.length;
    if (row >= this.capacity) this.resize(Math.max(INITIAL_CAPACITY, this.capacity * 2));
    this.ids.push(null);
    this.titles.push('');
    this.descriptions.push(null);
    return row;
  }

  private resize(capacity: number) {
    const grow = <A extends Float64Array | Int32Array | Uint8Array>(array: A, make: (n: number) => A): A => {
      const next = make(capacity);
      next.set(array.subarray(0, Math.min(array.length, capacity)));
      return next;
    };
    const f64 = (n: number) => new Float64Array(n);
    const i32 = (n: number) => new Int32Array(n);
    this.latitudes = grow(this.latitudes, f64);
    this.longitudes = grow(this.longitudes, f64);
    this.createdAts = grow(this.createdAts, f64);
    this.revisions = grow(this.revisions, f64);
    this.likes = grow(this.likes, f64);
    this.durations = grow(this.durations, f64);
    this.wordCounts = grow(this.wordCounts, f64);
    this.flags = grow(this.flags, (n) => new Uint8Array(n));
    this.authors = grow(this.authors, i32);
    this.slotOfRow = grow(this.slotOfRow, i32);
    this.textColumns = this.textColumns.map((column) => grow(column, i32));
    this.capacity = capacity;
  }

  private count(row: number, sign: 1 | -1) {
    const range = idRangeOf(this.ids[row]!);
    this.rangeCounts[range]! += sign;
    this.rangeRevisionSums[range]! += sign * this.revisions[row]!;
  }
}

interface Hit {
  row: number;
  distance: number;
}

function emptyTree() {
  const tree = new KDBush(1);
  tree.add(0, 0);
  tree.finish();
  return tree;
}
