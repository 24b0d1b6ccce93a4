/**
 * Place search over the gazetteer, as-you-type and typo-tolerant (docs/decisions/040-offline-gazetteer.md).
 *
 * Names are compared normalised: without diacritics, lower case, punctuation as spaces ("São Paulo" → "sao paulo").
 * Each place is searchable from the start of its name and from the start of each later word ("york" finds
 * "New York"). A query matches a name when it is within a few edits of the name's beginning (0 edits under 4
 * characters, 1 under 9, else 2; the first letter as typed, or swapped with the second): the candidates come from
 * a trigram index over each key's first characters, and only they are measured. Ranking: the start of the name before a later word, fewer typos first, then population.
 */
import type { Gazetteer } from './gazetteer';

/** The most places one search answers. */
export const PLACE_RESULTS_MAX = 10;
/** Characters of a normalised query that are compared (a longer query is cut: no name is longer). */
const QUERY_CHARS_MAX = 64;
/** Trigrams are taken from this many first characters of each key (and of the query). */
const INDEXED_CHARS = 12;
/** The padding before a key, so its first letters make trigrams of their own ("  s", " sa"). */
const PAD = 1;

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/** A name or query as the search compares it: "São Paulo" → "sao paulo", "Saint-Étienne" → "saint etienne". */
export function normalisePlaceName(text: string): string {
  // Most names are plain ASCII letters: the quick way for them (half a second less to start).
  if (/^[A-Za-z0-9 ]*$/.test(text)) return text.toLowerCase().trim().replace(/ +/g, ' ');
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/['’ʻʼ`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Edits allowed for a normalised query of this length. */
export function typosAllowed(length: number): number {
  return length < 4 ? 0 : length < 9 ? 1 : 2;
}

interface PlaceSearchIndex {
  /** Indexes into the gazetteer of the best matches, best first (at most `limit`, by default PLACE_RESULTS_MAX). */
  search(query: string, limit?: number): number[];
}

/** A place not matched by the current search (ranks are 0-5). */
const NO_RANK = 255;

export function createPlaceSearchIndex(gazetteer: Gazetteer): PlaceSearchIndex {
  const { text, keyStarts, keyEnds, keyAtName, keyPlaces, trigrams, rowStart, postings } = buildIndex(gazetteer);
  const keyCount = keyStarts.length;
  // Per-search scratch, reused: shared-trigram counts per key, the keys touched, each place's best rank.
  const counts = new Uint8Array(keyCount);
  const touched = new Int32Array(keyCount);
  const placeRanks = new Uint8Array(gazetteer.count).fill(NO_RANK);
  const matched = new Int32Array(gazetteer.count);
  const distance = createPrefixDistance(QUERY_CHARS_MAX);
  const row = (trigram: number) => {
    const id = trigrams.get(trigram);
    return id < 0 ? null : { from: rowStart[id]!, to: rowStart[id + 1]! };
  };

  return {
    search(query, limit = PLACE_RESULTS_MAX) {
      const normalised = normalisePlaceName(query).slice(0, QUERY_CHARS_MAX);
      if (normalised.length === 0) return [];
      let matchedCount = 0;
      const note = (place: number, rank: number) => {
        if (placeRanks[place] === NO_RANK) matched[matchedCount++] = place;
        if (rank < placeRanks[place]!) placeRanks[place] = rank;
      };

      // Exact beginnings first: every key starting with the query's first two letters is in one row, in order of
      // population (keys are numbered so), so the scan stops once `limit` names start with the query.
      const first = charId(normalised.charCodeAt(0));
      const opening = row(
        normalised.length === 1 ? trigramOf(PAD, PAD, first) : trigramOf(PAD, first, charId(normalised.charCodeAt(1))),
      );
      let nameMatches = 0;
      for (let at = opening?.from ?? 0; at < (opening?.to ?? 0) && nameMatches < limit; at++) {
        const key = postings[at]!;
        const place = keyPlaces[key]!;
        if (distance(normalised, text, keyStarts[key]!, keyEnds[key]!, 0) !== 0) continue;
        const rank = keyAtName[key] === 1 ? 0 : 1;
        // A place found by two of its names counts once.
        if (rank === 0 && placeRanks[place] !== 0) nameMatches++;
        note(place, rank);
      }

      // Then, while fewer than `limit` matched, names within the allowed typos of the query.
      const typos = typosAllowed(normalised.length);
      if (typos > 0 && matchedCount < limit) {
        const [firstCode, secondCode] = [normalised.charCodeAt(0), normalised.charCodeAt(1)];
        const queryRows: { from: number; to: number }[] = [];
        let queryTrigramCount = 0;
        forEachTrigram(normalised, 0, Math.min(normalised.length, INDEXED_CHARS), (trigram) => {
          queryTrigramCount++;
          const found = row(trigram);
          if (found) queryRows.push(found);
        });
        // An insertion, deletion or replacement spoils at most three trigrams, a swap of neighbours four (the q-gram
        // lemma): a key sharing fewer than this is not within `typos` edits of which at most one is a swap.
        const needed = Math.max(1, queryTrigramCount - 3 * typos - 1);
        let touchedCount = 0;
        for (const { from, to } of queryRows) {
          for (let at = from; at < to; at++) {
            const key = postings[at]!;
            if (counts[key] === 0) touched[touchedCount++] = key;
            counts[key]!++;
          }
        }
        for (let at = 0; at < touchedCount; at++) {
          const key = touched[at]!;
          const shared = counts[key]!;
          counts[key] = 0;
          if (shared < needed) continue;
          const place = keyPlaces[key]!;
          if (placeRanks[place]! <= 1) continue;
          // The first letter is taken as typed (or swapped with the second): people rarely mistype it, and it
          // spares measuring thousands of names for a long query.
          const keyFirst = text.charCodeAt(keyStarts[key]!);
          if (
            keyFirst !== firstCode &&
            !(keyFirst === secondCode && text.charCodeAt(keyStarts[key]! + 1) === firstCode)
          )
            continue;
          const edits = distance(normalised, text, keyStarts[key]!, keyEnds[key]!, typos);
          if (edits <= typos) note(place, edits * 2 + (keyAtName[key] === 1 ? 0 : 1));
        }
      }

      // The best few kept in order as they come (no sort of thousands of matches).
      const best: number[] = [];
      const better = (a: number, b: number) =>
        placeRanks[a]! < placeRanks[b]! ||
        (placeRanks[a] === placeRanks[b] && gazetteer.populations[a]! > gazetteer.populations[b]!);
      for (let at = 0; at < matchedCount; at++) {
        const place = matched[at]!;
        if (best.length === limit && !better(place, best[limit - 1]!)) continue;
        let slot = best.length === limit ? limit - 1 : best.length;
        while (slot > 0 && better(place, best[slot - 1]!)) {
          best[slot] = best[slot - 1]!;
          slot--;
        }
        best[slot] = place;
      }
      for (let at = 0; at < matchedCount; at++) placeRanks[matched[at]!] = NO_RANK;
      return best;
    },
  };
}

/**
 * The index: every normalised name in one string (no string object per place), the keys (where a match may start:
 * each name's start and each later word's, numbered in order of the place's population), and the trigram rows
 * (compressed: the keys having trigram t are postings[rowStart[t] .. rowStart[t + 1]), in key order).
 */
function buildIndex(gazetteer: Gazetteer) {
  // Each place's names (its own, then its alternates, docs/decisions/053-walk-mode-offline.md), normalised, one
  // after the other in `text`; a place's names are spans [spanStarts[s], spanEnds[s]) for s in its span range.
  const spanStarts: number[] = [];
  const spanEnds: number[] = [];
  const placeSpans = new Int32Array(gazetteer.count + 1);
  const parts: string[] = [];
  let offset = 0;
  for (let place = 0; place < gazetteer.count; place++) {
    placeSpans[place] = spanStarts.length;
    const seen: string[] = [];
    for (const name of [gazetteer.names[place]!, ...(gazetteer.alternates.get(place) ?? [])]) {
      const normalised = normalisePlaceName(name);
      if (seen.includes(normalised)) continue;
      seen.push(normalised);
      spanStarts.push(offset);
      spanEnds.push(offset + normalised.length);
      parts.push(normalised, '\n');
      offset += normalised.length + 1;
    }
  }
  placeSpans[gazetteer.count] = spanStarts.length;
  const text = parts.join('');

  const byPopulation = Array.from({ length: gazetteer.count }, (_, place) => place).sort(
    (a, b) => gazetteer.populations[b]! - gazetteer.populations[a]!,
  );
  const keyStartsList: number[] = [];
  const keyEndsList: number[] = [];
  const keyAtNameList: number[] = [];
  const keyPlacesList: number[] = [];
  for (const place of byPopulation) {
    for (let span = placeSpans[place]!; span < placeSpans[place + 1]!; span++) {
      const [start, end] = [spanStarts[span]!, spanEnds[span]!];
      for (let at = start; at < end; at++) {
        if (at === start || text.charCodeAt(at - 1) === 32) {
          keyStartsList.push(at);
          keyEndsList.push(end);
          keyAtNameList.push(at === start ? 1 : 0);
          keyPlacesList.push(place);
        }
      }
    }
  }
  const keyStarts = Int32Array.from(keyStartsList);
  const keyEnds = Int32Array.from(keyEndsList);
  const keyAtName = Uint8Array.from(keyAtNameList);
  const keyPlaces = Int32Array.from(keyPlacesList);
  const keyCount = keyStarts.length;

  const trigrams = new TrigramTable();
  const rowCounts: number[] = [];
  // Each key's trigram ids, kept between the two passes (at most INDEXED_CHARS per key), so each is looked up once.
  const keyRowIds = new Uint16Array(keyCount * INDEXED_CHARS);
  const keyRowCounts = new Uint8Array(keyCount);
  for (let key = 0; key < keyCount; key++) {
    const end = Math.min(keyEnds[key]!, keyStarts[key]! + INDEXED_CHARS);
    forEachTrigram(text, keyStarts[key]!, end, (trigram) => {
      let id = trigrams.get(trigram);
      if (id < 0) {
        id = rowCounts.length;
        trigrams.set(trigram, id);
        rowCounts.push(0);
      }
      rowCounts[id]!++;
      keyRowIds[key * INDEXED_CHARS + keyRowCounts[key]!++] = id;
    });
  }
  const rowStart = new Int32Array(rowCounts.length + 1);
  for (let id = 0; id < rowCounts.length; id++) rowStart[id + 1] = rowStart[id]! + rowCounts[id]!;
  const postings = new Int32Array(rowStart[rowCounts.length]!);
  const fill = rowStart.slice(0, rowCounts.length);
  for (let key = 0; key < keyCount; key++) {
    for (let at = 0; at < keyRowCounts[key]!; at++) postings[fill[keyRowIds[key * INDEXED_CHARS + at]!]!++] = key;
  }
  return { text, keyStarts, keyEnds, keyAtName, keyPlaces, trigrams, rowStart, postings };
}

/** Trigram → row id, open addressing in two typed arrays (a Map of 2 million lookups cost a second at start). */
class TrigramTable {
  private keys = new Int32Array(1 << 15).fill(-1);
  private ids = new Uint16Array(1 << 15);
  private size = 0;

  get(trigram: number): number {
    const mask = this.keys.length - 1;
    for (let slot = (Math.imul(trigram, 0x9e3779b1) >>> 17) & mask; ; slot = (slot + 1) & mask) {
      const stored = this.keys[slot]!;
      if (stored === trigram) return this.ids[slot]!;
      if (stored === -1) return -1;
    }
  }

  set(trigram: number, id: number): void {
    if (id > 0xffff) throw new Error('Too many distinct trigrams for the place index');
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let slot = (Math.imul(trigram, 0x9e3779b1) >>> 17) & mask;
    while (this.keys[slot] !== -1) slot = (slot + 1) & mask;
    this.keys[slot] = trigram;
    this.ids[slot] = id;
    this.size++;
  }

  private grow() {
    const [keys, ids] = [this.keys, this.ids];
    this.keys = new Int32Array(keys.length * 2).fill(-1);
    this.ids = new Uint16Array(keys.length * 2);
    this.size = 0;
    keys.forEach((trigram, slot) => trigram !== -1 && this.set(trigram, ids[slot]!));
  }
}

/**
 * Characters as small numbers, so a trigram is a small integer: the first 127 distinct characters seen get their
 * own number (names use about 85), any later one shares the last (sharing only adds candidates, which the edit
 * distance then judges: no match is lost).
 */
const CHAR_IDS = new Uint8Array(65536);
let nextCharId = PAD + 1;
function charId(code: number): number {
  let id = CHAR_IDS[code]!;
  if (id === 0) {
    id = nextCharId < 127 ? nextCharId++ : 127;
    CHAR_IDS[code] = id;
  }
  return id;
}

const trigramOf = (first: number, second: number, third: number) => (first << 14) | (second << 7) | third;

/** Calls `visit` once per distinct trigram of `text[start, end)` with two pads before it, as a number. */
function forEachTrigram(text: string, start: number, end: number, visit: (trigram: number) => void) {
  const seen: number[] = [];
  let first = PAD;
  let second = PAD;
  for (let at = start; at < end; at++) {
    const third = charId(text.charCodeAt(at));
    const trigram = trigramOf(first, second, third);
    if (!seen.includes(trigram)) {
      seen.push(trigram);
      visit(trigram);
    }
    first = second;
    second = third;
  }
}

/**
 * The fewest edits (insert, delete, replace, swap two neighbours) turning `query` into some beginning of
 * `text[start, end)`, or `limit + 1` as soon as it must exceed `limit`. Rows are reused between calls.
 */
export function createPrefixDistance(maxQueryLength: number) {
  const width = maxQueryLength + 8;
  let beforePrevious = new Int32Array(width);
  let previous = new Int32Array(width);
  let current = new Int32Array(width);
  return function prefixDistance(query: string, text: string, start: number, end: number, limit: number): number {
    const length = query.length;
    const columns = Math.min(end - start, length + limit);
    if (limit === 0) {
      if (end - start < length) return 1;
      for (let at = 0; at < length; at++) if (query.charCodeAt(at) !== text.charCodeAt(start + at)) return 1;
      return 0;
    }
    // Rows are the name's characters, columns the query's: row j holds the cost of query[0, i) against name[0, j).
    for (let i = 0; i <= length; i++) previous[i] = i;
    let best = previous[length]!;
    for (let j = 1; j <= columns; j++) {
      const nameChar = text.charCodeAt(start + j - 1);
      current[0] = j;
      let rowMin = j;
      for (let i = 1; i <= length; i++) {
        const queryChar = query.charCodeAt(i - 1);
        const substitution = previous[i - 1]! + (queryChar === nameChar ? 0 : 1);
        let cost = Math.min(substitution, previous[i]! + 1, current[i - 1]! + 1);
        if (i > 1 && j > 1 && queryChar === text.charCodeAt(start + j - 2) && query.charCodeAt(i - 2) === nameChar) {
          cost = Math.min(cost, beforePrevious[i - 2]! + 1);
        }
        current[i] = cost;
        if (cost < rowMin) rowMin = cost;
      }
      if (current[length]! < best) best = current[length]!;
      if (rowMin > limit) break;
      [beforePrevious, previous, current] = [previous, current, beforePrevious];
    }
    return best > limit ? limit + 1 : best;
  };
}
