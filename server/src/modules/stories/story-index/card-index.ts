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
import { sphereNearest } from './sphere-knn';
import { ID_RANGES, idRangeOf, type NearestCard, type NearestQuery, type StoryCard } from './card';
import { haversineMetres, type Point } from '#common/geo';
import { visibleToViewer } from '../../../db/visibility';
import { cardAt, writeCard, type CardColumns } from './card-rows';
import {
  AUTHOR,
  CODES,
  CREATED_AT,
  FLAGS,
  Interned,
  LATITUDE,
  LONGITUDE,
  NUMBERS,
  REVISION,
  SEEN_BY_ALL,
} from './card-layout';

const INITIAL_CAPACITY = 1_024;
const NO_SLOT = -1;

/**
 * The cards in typed arrays — each row's numbers side by side, and its flags and codes (numbers into interned tables
 * for repeated text) side by side — and only each story's id, title and description as strings of their own. A
 * million stories are then a few million strings and two typed arrays, not a million objects for the garbage
 * collector to trace on every major collection.
 */
export class CardIndex implements CardColumns {
  /** Story id → row in the columns. */
  private readonly rowOf = new Map<string, number>();
  private readonly freeRows: number[] = [];
  private capacity = 0;
  ids: (string | null)[] = [];
  titles: string[] = [];
  descriptions: (string | null)[] = [];
  /** NUMBERS per row (above). */
  numbers = new Float64Array(0);
  /** CODES per row (above). */
  codes = new Int32Array(0);
  readonly text = new Interned<string | null>();
  readonly authorTable = new Interned<string>();
  /** The row's position in the tree, or NO_SLOT while in the overlay. */
  private slotOfRow = new Int32Array(0);

  private tree: KDBush = emptyTree();
  /** Tree slot → row (NO_SLOT: deleted or moved to the overlay since the build). */
  private rowOfSlot = new Int32Array(1).fill(NO_SLOT);
  /** Per tree slot, what the walk's filter tests for every point it opens: 1 = seen by everyone (db/visibility.ts). */
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
    return row === undefined ? undefined : cardAt(this, row);
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
      if (card.revision < this.numbers[row * NUMBERS + REVISION]!) return;
      this.count(row, -1);
      const slot = this.slotOfRow[row]!;
      const moved = this.latitudeOf(row) !== card.latitude || this.longitudeOf(row) !== card.longitude;
      writeCard(this, row, card);
      if (slot !== NO_SLOT && !moved) this.fillSlot(slot, row);
      else if (slot !== NO_SLOT) {
        this.fillSlot(slot, NO_SLOT);
        this.slotOfRow[row] = NO_SLOT;
        this.overlay.add(row);
      }
    } else {
      row = this.freeRows.pop() ?? this.growBy1();
      this.rowOf.set(card.id, row);
      writeCard(this, row, card);
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
      this.slotOfRow[row] = tree.add(this.longitudeOf(row), this.latitudeOf(row));
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
      ? (slot: number) =>
          visibleToViewer(slotPublic[slot] === 1, slotAuthor[slot] === viewerNumber) && !blocked.has(slotAuthor[slot]!)
      : (slot: number) => visibleToViewer(slotPublic[slot] === 1, slotAuthor[slot] === viewerNumber);
    // A hair beyond the radius: the exact test below decides on PostGIS's sphere.
    const maxMetres = q.radius * (1 + 1e-9) + 1e-6;
    const hit = (row: number): Hit => ({ row, distance: this.distanceTo(q, row) });

    let found = sphereNearest(this.tree, q.longitude, q.latitude, limit + 1, maxMetres, bySlot).map((slot) =>
      hit(rowOfSlot[slot]!),
    );
    if (found.length === limit + 1 && found[limit - 1]!.distance === found[limit]!.distance) {
      // Stories tied at the cap's distance: all of them compete for the last places, newest first.
      const tieMetres = found[limit]!.distance * (1 + 1e-9);
      found = sphereNearest(this.tree, q.longitude, q.latitude, Infinity, tieMetres, bySlot).map((slot) =>
        hit(rowOfSlot[slot]!),
      );
    }
    for (const row of this.overlay) {
      if (this.visibleRow(row, viewerNumber)) found.push(hit(row));
    }
    return this.finish(
      found.filter((h) => h.distance <= q.radius && !blocked?.has(this.authorOf(h.row))),
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
      if (blocked?.has(this.authorOf(row))) return false;
      const latitude = this.latitudeOf(row);
      const longitude = this.longitudeOf(row);
      return (
        latitude >= box.south &&
        latitude <= box.north &&
        (box.west <= box.east
          ? longitude >= box.west && longitude <= box.east
          : longitude >= box.west || longitude <= box.east)
      );
    };
    const spans: [number, number][] =
      box.west <= box.east
        ? [[box.west, box.east]]
        : [
            [box.west, 180],
            [-180, box.east],
          ];
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
      if (this.visibleRow(row, viewerNumber) && inside(row))
        found.push({ row, distance: this.distanceTo(centre, row) });
    }
    return this.finish(found, limit);
  }

  /** Sorted as the SQL sorts, cut to `limit`, and only then made into card objects. */
  private finish(found: Hit[], limit: number): NearestCard[] {
    const { numbers, ids } = this;
    found.sort(
      (a, b) =>
        a.distance - b.distance ||
        numbers[b.row * NUMBERS + CREATED_AT]! - numbers[a.row * NUMBERS + CREATED_AT]! ||
        (ids[a.row]! < ids[b.row]! ? 1 : ids[a.row]! > ids[b.row]! ? -1 : 0),
    );
    return found.slice(0, limit).map((h) => ({ card: cardAt(this, h.row), distance: h.distance }));
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
    return visibleToViewer((this.codes[row * CODES + FLAGS]! & SEEN_BY_ALL) !== 0, this.authorOf(row) === viewerNumber);
  }

  private distanceTo(point: Point, row: number) {
    return haversineMetres(point, { latitude: this.latitudeOf(row), longitude: this.longitudeOf(row) });
  }

  private latitudeOf(row: number) {
    return this.numbers[row * NUMBERS + LATITUDE]!;
  }

  private longitudeOf(row: number) {
    return this.numbers[row * NUMBERS + LONGITUDE]!;
  }

  private authorOf(row: number) {
    return this.codes[row * CODES + AUTHOR]!;
  }

  private fillSlot(slot: number, row: number) {
    this.rowOfSlot[slot] = row;
    this.slotPublic[slot] = row !== NO_SLOT && (this.codes[row * CODES + FLAGS]! & SEEN_BY_ALL) !== 0 ? 1 : 0;
    this.slotAuthor[slot] = row === NO_SLOT ? NO_SLOT : this.authorOf(row);
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
    const grow = <A extends Float64Array | Int32Array>(array: A, length: number, make: (n: number) => A): A => {
      const next = make(length);
      next.set(array.subarray(0, Math.min(array.length, length)));
      return next;
    };
    this.numbers = grow(this.numbers, capacity * NUMBERS, (n) => new Float64Array(n));
    this.codes = grow(this.codes, capacity * CODES, (n) => new Int32Array(n));
    this.slotOfRow = grow(this.slotOfRow, capacity, (n) => new Int32Array(n));
    this.capacity = capacity;
  }

  private count(row: number, sign: 1 | -1) {
    const range = idRangeOf(this.ids[row]!);
    this.rangeCounts[range]! += sign;
    this.rangeRevisionSums[range]! += sign * this.numbers[row * NUMBERS + REVISION]!;
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
