/**
 * How the card index (card-index.ts) lays a card out: its numbers and its codes, each row side by side in one
 * typed array, and the repeated text the codes number.
 */
import { LOCK_FIELDS } from '#common/lock-kinds';

export const orNull = (value: number) => (Number.isNaN(value) ? null : value);

/**
 * A row's numbers, side by side in one Float64Array (NUMBERS per row): a read touches every one of them for each
 * story it answers, so they share a cache line or two instead of costing a memory miss per column in a big heap.
 * Duration and word count are NaN for null.
 */
export const LATITUDE = 0;
export const LONGITUDE = 1;
export const CREATED_AT = 2;
export const REVISION = 3;
export const LIKES = 4;
export const DURATION = 5;
export const WORD_COUNT = 6;
export const TRACES = 7;
export const NUMBERS = 8;
/**
 * A row's codes, side by side in one Int32Array (CODES per row): the flags (below), the
 * author's number, then numbers into the interned text: category, type, time restriction, language, the lock
 * fields (common/lock-kinds.ts).
 */
export const FLAGS = 0;
export const AUTHOR = 1;
export const CATEGORY = 2;
export const TYPE = 3;
export const RESTRICTION = 4;
export const LANGUAGE = 5;
export const LOCK_TEXT = 6;
export const CODES = LOCK_TEXT + LOCK_FIELDS.length;
/** The flags: public, hidden, and seen by everyone (db/visibility.ts `seenByEveryone`, decided once when written). */
export const PUBLIC = 1;
export const HIDDEN = 2;
export const SEEN_BY_ALL = 4;

/** Repeated text (categories, types, restriction values, languages, author ids) stored once, by number. */
export class Interned<T> {
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
