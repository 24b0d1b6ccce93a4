/**
 * Every query the story index runs (the only file of the index that touches the database): the cards (one row per
 * story without its content), per-range sums for reconciliation, author names, the content and media keys of the
 * stories within unlock reach, a reader's likes, the fences it NOTIFYs, and the LISTENs of its change feed.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { isUuid } from '#common/route-schemas';
import type { Database } from '../../../db/client';
import { prepareRows, type PreparedRows } from '../../../db/prepared-statements';
import { stories } from '../../../db/schema';
import { storyVisibleTo } from '../../../db/visibility';
import { WITHHELD_COLUMNS } from '../story-view';
import type { WithheldValues } from './content-cache';
import { ID_RANGES, type StoryCard } from './card';
import { LOCK_COLUMNS, LOCK_FIELDS, lockValuesAt } from '#common/lock-kinds';

export const STORY_CHANGE_CHANNEL = 'story_change';

const CARD_COLUMNS =
  sql.raw(`id, title, description, duration, word_count, latitude, longitude, category, type, author_id,
  likes, is_public, hidden_at IS NOT NULL AS hidden, time_restriction, ${LOCK_COLUMNS.join(', ')},
  floor(extract(epoch FROM created_at) * 1000000)::float8 AS created_us, revision, trace_count, language`);
/** Where the lock columns start in a cards row, and what follows them. */
const LOCK_AT = 14;
const AFTER_LOCK = LOCK_AT + LOCK_FIELDS.length;

/** A cards query row (CARD_COLUMNS' order) as a card. */
function cardOf(row: unknown[]): StoryCard {
  return {
    id: row[0] as string,
    title: row[1] as string,
    description: row[2] as string | null,
    duration: row[3] as number | null,
    wordCount: row[4] as number | null,
    latitude: row[5] as number,
    longitude: row[6] as number,
    category: row[7] as string,
    type: row[8] as StoryCard['type'],
    authorId: row[9] as string,
    likes: row[10] as number,
    isPublic: row[11] as boolean,
    hidden: row[12] as boolean,
    timeRestriction: row[13] as StoryCard['timeRestriction'],
    ...lockValuesAt((i) => row[LOCK_AT + i]),
    createdAtMicros: row[AFTER_LOCK] as number,
    revision: Number(row[AFTER_LOCK + 1]),
    traceCount: row[AFTER_LOCK + 2] as number,
    language: row[AFTER_LOCK + 3] as string,
  };
}

/** The first id of an id range (its first byte), as uuid text. */
const rangeStart = (range: number) => `${range.toString(16).padStart(2, '0')}000000-0000-0000-0000-000000000000`;

/** A uuid[] literal's text; ids come from the database or from the trigger's payload, and are checked. */
function toUuidArray(ids: string[]): string {
  return `{${ids.filter(isUuid).join(',')}}`;
}

export type StoryIndexRepository = ReturnType<typeof createStoryIndexRepository>;

/** A story's withheld values as the content statement reads them. */
export type ContentRow = WithheldValues & { id: string; revision: number };

export function createStoryIndexRepository(database: Database, options: { maxLikedPerReader: number }) {
  async function cards(query: ReturnType<typeof sql>): Promise<StoryCard[]> {
    const rows = await database.query<Record<string, unknown>>(query);
    // Raw rows come back as objects keyed by column name, in CARD_COLUMNS' order.
    return rows.map((row) => cardOf(Object.values(row)));
  }

  const contentStatement = prepareRows(
    database,
    'story_index_content',
    {
      // Blocked authors are not checked here: the card walk already left them out (db/visibility.ts).
      toSQL: () =>
        new PgDialect().sqlToQuery(sql`
          SELECT id, ${sql.raw(WITHHELD_COLUMNS.map((column) => stories[column].name).join(', '))}, revision::float8 AS revision
          FROM stories
          WHERE id = ANY(${sql.placeholder('ids')}::uuid[])
            AND ${storyVisibleTo(sql`${sql.placeholder('viewerId')}::uuid`, { own: 'sees-all', blockedAuthors: 'ignored' })}`),
    },
    ['id', ...WITHHELD_COLUMNS, 'revision'],
  ) satisfies PreparedRows;
  const blockedStatement = prepareRows(
    database,
    'story_index_blocked',
    {
      toSQL: () => ({
        sql: `SELECT blocked_id FROM blocks WHERE blocker_id = $1::uuid`,
        params: [sql.placeholder('userId')],
      }),
    },
    ['blockedId'],
  );
  const likedStatement = prepareRows(
    database,
    'story_index_liked',
    {
      toSQL: () => ({
        sql: `SELECT story_id FROM likes WHERE user_id = $1::uuid LIMIT ${options.maxLikedPerReader + 1}`,
        params: [sql.placeholder('userId')],
      }),
    },
    ['storyId'],
  );
  const likedAmongStatement = prepareRows(
    database,
    'story_index_liked_among',
    {
      toSQL: () => ({
        sql: `SELECT story_id FROM likes WHERE user_id = $1::uuid AND story_id = ANY($2::uuid[])`,
        params: [sql.placeholder('userId'), sql.placeholder('ids')],
      }),
    },
    ['storyId'],
  );

  return {
    /** One batch of the load, in id order: the cards from `after` (inclusive for the first batch). */
    cardsFrom(after: string, inclusive: boolean, limit: number): Promise<StoryCard[]> {
      return cards(
        sql`SELECT ${CARD_COLUMNS} FROM stories WHERE ${inclusive ? sql`id >= ${after}::uuid` : sql`id > ${after}::uuid`} ORDER BY id LIMIT ${limit}`,
      );
    },

    cardsById(ids: string[]): Promise<StoryCard[]> {
      return cards(sql`SELECT ${CARD_COLUMNS} FROM stories WHERE id = ANY(${toUuidArray(ids)}::uuid[])`);
    },

    /** The cards of one id range (a uuid's first byte). */
    cardsInRange(range: number): Promise<StoryCard[]> {
      const upper = range + 1 < ID_RANGES ? rangeStart(range + 1) : null;
      return cards(
        sql`SELECT ${CARD_COLUMNS} FROM stories WHERE id >= ${rangeStart(range)}::uuid ${upper ? sql`AND id < ${upper}::uuid` : sql``}`,
      );
    },

    /** Per id range: the table's story count and sum of revisions. */
    async rangeSums(): Promise<Map<number, { count: number; revisionSum: number }>> {
      const rows = await database.query<{ range: number; count: number; revision_sum: string }>(sql`
        SELECT get_byte(uuid_send(id), 0) AS range, count(*)::int AS count, sum(revision)::text AS revision_sum
        FROM stories GROUP BY 1`);
      return new Map(rows.map((r) => [r.range, { count: r.count, revisionSum: Number(r.revision_sum) }]));
    },

    /** Display names of the users that exist among `ids`. */
    async authorNames(ids: string[]): Promise<Map<string, string | null>> {
      const rows = await database.query<{ id: string; display_name: string | null }>(
        sql`SELECT id, display_name FROM users WHERE id = ANY(${toUuidArray(ids)}::uuid[])`,
      );
      return new Map(rows.map((r) => [r.id, r.display_name]));
    },

    /**
     * Content and media keys of the stories among `ids` that `viewerId` may still see (blocked authors: the card
     * walk), each with the revision they were read at.
     */
    async content(ids: string[], viewerId: string | null): Promise<ContentRow[]> {
      return (await contentStatement.execute({ ids, viewerId })) as unknown as ContentRow[];
    },

    /** The stories a user liked, at most maxLikedPerReader + 1 (more: ask per read instead). */
    async likedBy(userId: string): Promise<string[]> {
      return (await likedStatement.execute({ userId })).map((r) => r.storyId as string);
    },

    async likedAmong(userId: string, storyIds: string[]): Promise<string[]> {
      return (await likedAmongStatement.execute({ userId, ids: storyIds })).map((r) => r.storyId as string);
    },

    /** Every author the user has blocked (all of them: the walk leaves each out). One primary-key range read. */
    async blockedBy(userId: string): Promise<string[]> {
      return (await blockedStatement.execute({ userId })).map((r) => r.blockedId as string);
    },

    /** Sends a fence on the change channel; it comes back through the LISTEN after every change committed before. */
    notifyFence(payload: string): Promise<unknown> {
      return database.query(sql`SELECT pg_notify(${STORY_CHANGE_CHANNEL}, ${payload})`);
    },

    listen: database.listen.bind(database),
  };
}
