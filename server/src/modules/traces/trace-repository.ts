/**
 * Traces (docs/decisions/045-traces-read-where-left.md): the only code touching `traces`, `trace_reports` and
 * `trace_appeals`. Who may read a story's traces is decided here in SQL from the `unlocks` record, so a page is
 * never fetched for a reader the story is locked for. Pages are keyset on (created_at, id) over
 * `traces_story_created_idx`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storyVisibleTo } from '../../db/visibility';
import type { PageCursor } from '../../lib/paging';

export interface TraceRow extends Record<string, unknown> {
  id: string;
  story_id: string;
  writer_id: string;
  writer_name: string;
  text: string;
  photo_key: string | null;
  day: string;
  hidden: boolean;
  hidden_reason: string | null;
  appealed: boolean;
  created_text: string;
}

/** The story as the traces rules need it, for one viewer; null when the viewer may not see the story at all. */
interface StoryForTraces extends Record<string, unknown> {
  author_id: string;
  title: string;
  /** The author, or a reader with an `unlocks` row. */
  unlocked: boolean;
  is_author: boolean;
  /** Either blocked the other. */
  blocked: boolean;
  /** Its traces not hidden: the counter migration 0017 keeps (docs/decisions/050-trace-counts-on-cards.md). */
  trace_count: number;
}

/** Neither of the two has blocked the other. */
const notBlockedBetween = (one: SQL, other: SQL): SQL => sql`NOT EXISTS (
  SELECT 1 FROM blocks b WHERE (b.blocker_id = ${one} AND b.blocked_id = ${other}) OR (b.blocker_id = ${other} AND b.blocked_id = ${one}))`;

const TRACE_COLUMNS = sql`t.id, t.story_id, t.writer_id, u.display_name AS writer_name, t.text, t.photo_key, t.day::text AS day,
  (t.hidden_at IS NOT NULL) AS hidden, t.hidden_reason,
  EXISTS (SELECT 1 FROM trace_appeals a WHERE a.trace_id = t.id) AS appealed, t.created_at::text AS created_text`;

/** A trace `t` before the moderators: open reports, or a hiding under open appeal. */
const IN_QUEUE = sql`(EXISTS (SELECT 1 FROM trace_reports r WHERE r.trace_id = t.id AND r.resolved_at IS NULL)
  OR EXISTS (SELECT 1 FROM trace_appeals a WHERE a.trace_id = t.id AND a.status = 'open'))`;

export type TraceRepository = ReturnType<typeof createTraceRepository>;

export function createTraceRepository(database: Database) {
  return {
    async storyFor(viewerId: string | null, storyId: string): Promise<StoryForTraces | null> {
      const viewer = viewerId ? sql`${viewerId}::uuid` : sql`NULL::uuid`;
      const [row] = await database.query<StoryForTraces>(sql`
        SELECT s.author_id, s.title, s.trace_count,
               (s.author_id = ${viewer} OR EXISTS (SELECT 1 FROM unlocks u WHERE u.user_id = ${viewer} AND u.story_id = s.id)) IS TRUE AS unlocked,
               (s.author_id = ${viewer}) IS TRUE AS is_author,
               (${viewer} IS NOT NULL AND NOT ${notBlockedBetween(viewer, sql`s.author_id`)}) AS blocked
        FROM stories s
        WHERE s.id = ${storyId}::uuid AND ${storyVisibleTo(viewer, { row: 's', own: 'sees-all', blockedAuthors: 'excluded' })}`);
      return row ?? null;
    },

    /**
     * One page for a reader the story IS unlocked for (the caller checked `unlocked`; the SQL checks it again):
     * newest first, hidden traces only to their writer and the story's author, never a trace between blocked people.
     */
    async page(viewerId: string, storyId: string, limit: number, cursor: PageCursor | null): Promise<TraceRow[]> {
      const viewer = sql`${viewerId}::uuid`;
      const after = cursor
        ? sql`AND (t.created_at, t.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : sql``;
      return database.query<TraceRow>(sql`
        SELECT ${TRACE_COLUMNS}
        FROM traces t JOIN users u ON u.id = t.writer_id JOIN stories s ON s.id = t.story_id
        WHERE t.story_id = ${storyId}::uuid
          AND (s.author_id = ${viewer} OR EXISTS (SELECT 1 FROM unlocks ul WHERE ul.user_id = ${viewer} AND ul.story_id = s.id))
          AND (t.hidden_at IS NULL OR t.writer_id = ${viewer} OR s.author_id = ${viewer})
          AND ${notBlockedBetween(viewer, sql`t.writer_id`)}
          ${after}
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT ${limit + 1}`);
    },

    async leftToday(writerId: string, storyId: string): Promise<{ today: number; onStory: boolean }> {
      const [row] = await database.query<{ today: number; on_story: boolean }>(sql`
        SELECT count(*)::int AS today, coalesce(bool_or(story_id = ${storyId}::uuid), false) AS on_story
        FROM traces WHERE writer_id = ${writerId}::uuid AND day = (now() AT TIME ZONE 'utc')::date`);
      return { today: row?.today ?? 0, onStory: row?.on_story ?? false };
    },

    /** Null when the writer already left one on this story today (the unique index decides). */
    async insert(writerId: string, storyId: string, text: string): Promise<TraceRow | null> {
      const [row] = await database.query<TraceRow>(sql`
        WITH t AS (
          INSERT INTO traces (story_id, writer_id, text) VALUES (${storyId}::uuid, ${writerId}::uuid, ${text})
          ON CONFLICT (story_id, writer_id, day) DO NOTHING RETURNING *)
        SELECT ${TRACE_COLUMNS} FROM t JOIN users u ON u.id = t.writer_id`);
      return row ?? null;
    },

    async setPhoto(traceId: string, writerId: string, key: string): Promise<boolean> {
      const rows = await database.query(sql`
        UPDATE traces SET photo_key = ${key} WHERE id = ${traceId}::uuid AND writer_id = ${writerId}::uuid AND photo_key IS NULL
        RETURNING id`);
      return rows.length > 0;
    },

    /** A trace with its story's author, whatever the viewer (the service decides who may act on it). */
    async byId(traceId: string): Promise<(TraceRow & { author_id: string; title: string }) | null> {
      const [row] = await database.query<TraceRow & { author_id: string; title: string }>(sql`
        SELECT ${TRACE_COLUMNS}, s.author_id, s.title
        FROM traces t JOIN users u ON u.id = t.writer_id JOIN stories s ON s.id = t.story_id
        WHERE t.id = ${traceId}::uuid`);
      return row ?? null;
    },

    async delete(traceId: string, writerId: string): Promise<{ photo_key: string | null } | null> {
      const [row] = await database.query<{ photo_key: string | null }>(sql`
        DELETE FROM traces WHERE id = ${traceId}::uuid AND writer_id = ${writerId}::uuid RETURNING photo_key`);
      return row ?? null;
    },

    async setHidden(traceId: string, reason: string | null): Promise<void> {
      await database.query(sql`
        UPDATE traces SET hidden_at = ${reason === null ? sql`NULL` : sql`now()`}, hidden_reason = ${reason}
        WHERE id = ${traceId}::uuid`);
    },

    /** True when this report is new. */
    async report(traceId: string, userId: string, reason: string, note: string | null): Promise<boolean> {
      const rows = await database.query(sql`
        INSERT INTO trace_reports (trace_id, user_id, reason, note) VALUES (${traceId}::uuid, ${userId}::uuid, ${reason}, ${note})
        ON CONFLICT DO NOTHING RETURNING trace_id`);
      return rows.length > 0;
    },

    /** True when this is the first appeal of the hiding. */
    async appeal(traceId: string, userId: string, text: string): Promise<boolean> {
      const rows = await database.query(sql`
        INSERT INTO trace_appeals (trace_id, user_id, text) VALUES (${traceId}::uuid, ${userId}::uuid, ${text})
        ON CONFLICT DO NOTHING RETURNING trace_id`);
      return rows.length > 0;
    },

    /**
     * Reported traces with open reports and hidings under open appeal, oldest first, with their reports' weight as
     * the story queue counts it (docs/decisions/050-trace-counts-on-cards.md): a report counts when its reporter
     * is in good standing and their account was a day old when they reported.
     */
    async queue() {
      return database.query<
        TraceRow & {
          title: string;
          reports: { reason: string; note: string | null }[] | null;
          appeal: string | null;
          counted: number;
          from_new_accounts: number;
        }
      >(sql`
        SELECT ${TRACE_COLUMNS}, s.title,
               (SELECT json_agg(json_build_object('reason', r.reason, 'note', r.note)) FROM trace_reports r
                 WHERE r.trace_id = t.id AND r.resolved_at IS NULL) AS reports,
               (SELECT a.text FROM trace_appeals a WHERE a.trace_id = t.id AND a.status = 'open') AS appeal,
               (SELECT count(*) FROM trace_reports r JOIN users ru ON ru.id = r.user_id
                 WHERE r.trace_id = t.id AND r.resolved_at IS NULL
                   AND ru.banned_at IS NULL AND NOT coalesce(ru.suspended_until > now(), false)
                   AND r.created_at >= ru.created_at + interval '1 day')::int AS counted,
               (SELECT count(*) FROM trace_reports r JOIN users ru ON ru.id = r.user_id
                 WHERE r.trace_id = t.id AND r.resolved_at IS NULL
                   AND r.created_at < ru.created_at + interval '1 day')::int AS from_new_accounts
        FROM traces t JOIN users u ON u.id = t.writer_id JOIN stories s ON s.id = t.story_id
        WHERE ${IN_QUEUE}
        ORDER BY t.created_at
        LIMIT 100`);
    },

    /** A moderator in good standing, and the trace is before the moderators (its photo is theirs to see). */
    async moderatorMayRead(viewerId: string, traceId: string): Promise<boolean> {
      const rows = await database.query(sql`
        SELECT 1 FROM traces t, users m
        WHERE t.id = ${traceId}::uuid AND m.id = ${viewerId}::uuid AND m.role IN ('moderator', 'admin')
          AND m.banned_at IS NULL AND NOT coalesce(m.suspended_until > now(), false) AND ${IN_QUEUE}`);
      return rows.length > 0;
    },

    /** A moderator's outcome: reports resolved, an open appeal upheld (hide, dismiss) or granted (restore). */
    /** Null when there is no such trace; else whether an open appeal was decided. */
    async resolve(
      traceId: string,
      action: 'hide' | 'restore' | 'dismiss',
      hiddenReason: string,
    ): Promise<{ appealDecided: boolean } | null> {
      return database.transaction(async (tx) => {
        const found = await tx.query(sql`SELECT id FROM traces WHERE id = ${traceId}::uuid FOR UPDATE`);
        if (found.length === 0) return null;
        if (action === 'hide') {
          await tx.query(
            sql`UPDATE traces SET hidden_at = coalesce(hidden_at, now()), hidden_reason = coalesce(hidden_reason, ${hiddenReason}) WHERE id = ${traceId}::uuid`,
          );
        }
        if (action === 'restore')
          await tx.query(sql`UPDATE traces SET hidden_at = NULL, hidden_reason = NULL WHERE id = ${traceId}::uuid`);
        await tx.query(
          sql`UPDATE trace_reports SET resolved_at = now() WHERE trace_id = ${traceId}::uuid AND resolved_at IS NULL`,
        );
        const decided = await tx.query(sql`
          UPDATE trace_appeals SET status = ${action === 'restore' ? 'reversed' : 'upheld'}, resolved_at = now()
          WHERE trace_id = ${traceId}::uuid AND status = 'open' RETURNING trace_id`);
        return { appealDecided: decided.length > 0 };
      });
    },

    /** How many traces by others the author has not yet read about: those since their last read notice. */
    async unreadCountFor(authorId: string, storyId: string): Promise<number> {
      const [row] = await database.query<{ count: number }>(sql`
        SELECT count(*)::int AS count FROM traces t
        WHERE t.story_id = ${storyId}::uuid AND t.writer_id <> ${authorId}::uuid AND t.hidden_at IS NULL
          AND t.created_at > coalesce((SELECT max(n.created_at) FROM notifications n
            WHERE n.user_id = ${authorId}::uuid AND n.story_id = ${storyId}::uuid AND n.type = 'trace_left' AND n.is_read), '-infinity')`);
      return row?.count ?? 0;
    },

    /** The export: a user's own traces, with their story's title. */
    async ofWriter(writerId: string) {
      return database.query<{
        id: string;
        story_id: string;
        title: string;
        text: string;
        day: string;
        photo_key: string | null;
        hidden: boolean;
      }>(sql`
        SELECT t.id, t.story_id, s.title, t.text, t.day::text AS day, t.photo_key, (t.hidden_at IS NOT NULL) AS hidden
        FROM traces t JOIN stories s ON s.id = t.story_id
        WHERE t.writer_id = ${writerId}::uuid ORDER BY t.created_at DESC`);
    },
  };
}
