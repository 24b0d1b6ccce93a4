/** One card's row in the card index's columns (card-layout.ts): read back as a card, or written from one. */
import { LOCK_FIELDS, lockValuesAt } from '#common/lock-kinds';
import { seenByEveryone } from '../../../db/visibility';
import type { StoryCard } from './card';
import {
  AUTHOR,
  CATEGORY,
  CODES,
  CREATED_AT,
  DURATION,
  FLAGS,
  HIDDEN,
  LANGUAGE,
  LATITUDE,
  LIKES,
  TRACES,
  LOCK_TEXT,
  LONGITUDE,
  NUMBERS,
  orNull,
  PUBLIC,
  RESTRICTION,
  REVISION,
  SEEN_BY_ALL,
  TYPE,
  WORD_COUNT,
  type Interned,
} from './card-layout';

/** The columns of card-index.ts that hold the cards: strings of their own, numbers, codes and interned text. */
export interface CardColumns {
  ids: (string | null)[];
  titles: string[];
  descriptions: (string | null)[];
  numbers: Float64Array;
  codes: Int32Array;
  readonly text: Interned<string | null>;
  readonly authorTable: Interned<string>;
}

/**
 * The card held at `row`. It runs for every story of every answer (up to 1,000 per map read), so it is one
 * literal of a fixed shape: no named closures (under tsx each is also renamed, esbuild's keepNames, on every
 * call); the lock fields, read from their one list (common/lock-kinds.ts), come first, a spread that copies like
 * a clone.
 */
export function cardAt(columns: CardColumns, row: number): StoryCard {
  const { numbers, codes } = columns;
  const n = row * NUMBERS;
  const c = row * CODES;
  const text = columns.text.values;
  const flags = codes[c + FLAGS]!;
  return {
    ...lockValuesAt((i) => text[codes[c + LOCK_TEXT + i]!]),
    id: columns.ids[row]!,
    title: columns.titles[row]!,
    description: columns.descriptions[row] ?? null,
    duration: orNull(numbers[n + DURATION]!),
    wordCount: orNull(numbers[n + WORD_COUNT]!),
    latitude: numbers[n + LATITUDE]!,
    longitude: numbers[n + LONGITUDE]!,
    category: text[codes[c + CATEGORY]!]!,
    language: text[codes[c + LANGUAGE]!]!,
    type: text[codes[c + TYPE]!] as StoryCard['type'],
    authorId: columns.authorTable.values[codes[c + AUTHOR]!]!,
    likes: numbers[n + LIKES]!,
    traceCount: numbers[n + TRACES]!,
    isPublic: (flags & PUBLIC) !== 0,
    hidden: (flags & HIDDEN) !== 0,
    timeRestriction: text[codes[c + RESTRICTION]!] as StoryCard['timeRestriction'],
    createdAtMicros: numbers[n + CREATED_AT]!,
    revision: numbers[n + REVISION]!,
  };
}

export function writeCard(columns: CardColumns, row: number, card: StoryCard) {
  columns.ids[row] = card.id;
  columns.titles[row] = card.title;
  columns.descriptions[row] = card.description;
  const n = row * NUMBERS;
  columns.numbers[n + LATITUDE] = card.latitude;
  columns.numbers[n + LONGITUDE] = card.longitude;
  columns.numbers[n + CREATED_AT] = card.createdAtMicros;
  columns.numbers[n + REVISION] = card.revision;
  columns.numbers[n + LIKES] = card.likes;
  columns.numbers[n + TRACES] = card.traceCount;
  columns.numbers[n + DURATION] = card.duration ?? Number.NaN;
  columns.numbers[n + WORD_COUNT] = card.wordCount ?? Number.NaN;
  const c = row * CODES;
  columns.codes[c + FLAGS] =
    (card.isPublic ? PUBLIC : 0) | (card.hidden ? HIDDEN : 0) | (seenByEveryone(card) ? SEEN_BY_ALL : 0);
  columns.codes[c + AUTHOR] = columns.authorTable.numberOf(card.authorId);
  columns.codes[c + CATEGORY] = columns.text.numberOf(card.category);
  columns.codes[c + TYPE] = columns.text.numberOf(card.type);
  columns.codes[c + RESTRICTION] = columns.text.numberOf(card.timeRestriction);
  columns.codes[c + LANGUAGE] = columns.text.numberOf(card.language);
  for (let i = 0; i < LOCK_FIELDS.length; i++)
    columns.codes[c + LOCK_TEXT + i] = columns.text.numberOf(card[LOCK_FIELDS[i]!]);
}
