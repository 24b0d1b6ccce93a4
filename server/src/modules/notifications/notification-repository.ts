/**
 * Every database statement of the notifications feature. Writes are set-based and only write what is new: marks
 * go in with INSERT … SELECT … ON CONFLICT DO NOTHING RETURNING, and only the rows that statement really inserted
 * become notifications. Each new notification is published with pg_notify in the statement that inserts it, so
 * it reaches the SSE streams of every app instance once the transaction commits (notification-hub.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_LIMITS } from '#common/notifications';
import type { NotificationType } from '#common/schemas';
import { say, type Words } from '#common/words';
import type { Database } from '../../db/client';
import { notificationWordsOf, type NotificationWords, type StoredNotification } from './stored-notification';
import { authorBlockedBy, storyVisibleTo } from '../../db/visibility';
import type { PageCursor } from '../../lib/paging';

/** A JS array bound as ONE array parameter (Drizzle expands a bare array into a list of parameters). */
const list = (values: unknown[]) => sql.param(values);

/** The LISTEN/NOTIFY channel new notifications are published on. */
export const NOTIFICATION_CHANNEL = 'whispers_notifications';

export type MarkKind = 'nearby' | 'unlocked' | 'near_locked' | 'time_locked' | 'liked';

/** The one page cursor (lib/paging.ts). */
export type NotificationCursor = PageCursor;

interface NotificationRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  story_id: string | null;
  is_read: boolean;
  created_at: Date | string;
  created_at_text: string;
  words: unknown;
}

function toNotification(row: NotificationRow): StoredNotification {
  const words = notificationWordsOf(typeof row.words === 'string' ? JSON.parse(row.words) : row.words);
  return {
    ...(words ? { words } : {}),
    id: row.id,
    userId: row.user_id,
    type: row.type,
    title: row.title,
    message: row.message,
    storyId: row.story_id,
    isRead: row.is_read,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A notification to insert: its texts as words, stored as English and as the words themselves. */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: Words;
  message: Words;
  storyId: string | null;
}

/** Notifications about a story whose author the user has blocked are never shown (docs/design.md, rule 18). */
const NOT_FROM_BLOCKED = sql`AND NOT EXISTS (
  SELECT 1 FROM stories bs WHERE bs.id = notifications.story_id
    AND ${authorBlockedBy(sql`notifications.user_id`, sql`bs.author_id`)})`;

/** Columns every read returns; created_at also as text so cursors keep PostgreSQL's microseconds. */
const COLUMNS = sql.raw(
  'id, user_id, type, title, message, story_id, is_read, created_at, created_at::text AS created_at_text, words',
);

/**
 * INSERTs the given notifications (unnest of parallel arrays: one statement whatever their number) and publishes
 * each on NOTIFICATION_CHANNEL as the list returns it.
 */
/** The words as JSON text: a jsonb[] parameter is not serialised alike by every driver, text[] is. */
const wordsText = (n: NewNotification) =>
  JSON.stringify({ title: n.title, message: n.message } satisfies NotificationWords);

function insertAndPublish(rows: NewNotification[]): SQL {
  // The types travel as text[]: PGlite only serialises arrays of types it knew when it opened, and the enum may be
  // newer than that (a database migrated by this very process).
  const col = <K extends keyof NewNotification>(key: K) => rows.map((r) => r[key]);
  const english = (key: 'title' | 'message') => rows.map((r) => say(r[key]));
  const spoken = rows.map(wordsText);
  return sql`
    WITH ins AS (
      INSERT INTO notifications (user_id, type, title, message, story_id, words)
      SELECT * FROM unnest(${list(col('userId'))}::uuid[], ${list(col('type'))}::text[]::notification_type[], ${list(english('title'))}::text[],
                           ${list(english('message'))}::text[], ${list(col('storyId'))}::uuid[], ${list(spoken)}::text[]::jsonb[])
      RETURNING ${COLUMNS}
    )
    SELECT ins.*, ${publish(sql`ins`)} FROM ins`;
}

/** pg_notify of a notification row (`row` names it) as the list returns it; delivered when the transaction commits. */
function publish(row: SQL): SQL {
  return sql`pg_notify(${NOTIFICATION_CHANNEL}, json_build_object(
    'id', ${row}.id, 'userId', ${row}.user_id, 'type', ${row}.type, 'title', ${row}.title, 'message', ${row}.message,
    'storyId', ${row}.story_id, 'isRead', ${row}.is_read, 'words', ${row}.words,
    'createdAt', to_char(${row}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text) AS notified`;
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

export function createNotificationRepository(database: Database) {
  const rowsOf = async (query: SQL) => (await database.query<NotificationRow>(query)).map(toNotificationWithCursor);

  return {
    /** The user's notifications newest first, one page (one row more than `limit` tells a next page exists). */
    async page(userId: string, args: { limit: number; cursor: NotificationCursor | null; unreadOnly: boolean }) {
      const after = args.cursor
        ? sql`AND (created_at, id) < (${args.cursor.createdAt}::timestamptz, ${args.cursor.id}::uuid)`
        : sql``;
      const unread = args.unreadOnly ? sql`AND NOT is_read` : sql``;
      const rows = await rowsOf(sql`
        SELECT ${COLUMNS} FROM notifications
        WHERE user_id = ${userId} ${unread} ${after} ${NOT_FROM_BLOCKED}
        ORDER BY created_at DESC, id DESC
        LIMIT ${args.limit + 1}`);
      const hasMore = rows.length > args.limit;
      const items = hasMore ? rows.slice(0, args.limit) : rows;
      const last = items[items.length - 1];
      return {
        items: items.map((r) => r.notification),
        next: hasMore && last ? last.cursor : null,
      };
    },

    /** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
    async markRead(userId: string, id: string): Promise<boolean> {
      const rows = await database.query(sql`
        UPDATE notifications SET is_read = true WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
      return rows.length > 0;
    },

    async markAllRead(userId: string): Promise<number> {
      const rows = await database.query(sql`
        UPDATE notifications SET is_read = true WHERE user_id = ${userId} AND NOT is_read RETURNING id`);
      return rows.length;
    },

    /**
     * What a stream reconnecting with Last-Event-ID missed: the user's notifications after that one (all of the
     * window when the id is unknown or pruned), within `since`, oldest first, at most `max`.
     */
    async replay(userId: string, lastEventId: string | null, since: Date, max: number): Promise<StoredNotification[]> {
      const after = lastEventId
        ? sql`AND (created_at, id) > COALESCE(
            (SELECT (created_at, id) FROM notifications WHERE id = ${lastEventId} AND user_id = ${userId}),
            (${since.toISOString()}::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid))`
        : sql``;
      const rows = await rowsOf(sql`
        SELECT * FROM (
          SELECT ${COLUMNS} FROM notifications
          WHERE user_id = ${userId} AND created_at > ${since.toISOString()}::timestamptz ${after} ${NOT_FROM_BLOCKED}
          ORDER BY created_at DESC, id DESC LIMIT ${max}) newest
        ORDER BY created_at, id`);
      return rows.map((r) => r.notification);
    },

    /**
     * The story a like is about, when it may notify its author: someone else's, public, not hidden, and its
     * author has not blocked the liker (a blocked person's likes count, but never reach the author by name).
     */
    async likedStory(likerId: string, storyId: string) {
      const [row] = await database.query<{ title: string; author_id: string }>(sql`
        SELECT title, author_id FROM stories
        WHERE id = ${storyId} AND ${storyVisibleTo(sql`${likerId}::uuid`, { own: 'excluded', blockedAuthors: 'ignored' })}
          AND NOT ${authorBlockedBy(sql`stories.author_id`, sql`${likerId}::uuid`)}`);
      return row ? { title: row.title, authorId: row.author_id } : undefined;
    },

    /** Notifications, inserted and published (one statement). */
    async insert(...notifications: NewNotification[]): Promise<StoredNotification[]> {
      return (await database.query<NotificationRow>(insertAndPublish(notifications))).map(toNotification);
    },

    /**
     * A grouped notice (traces on a story): the user's unread notice of this kind and story is replaced by the
     * new one, in one transaction, so a group is one notification whose count grows until it is read.
     */
    async replaceUnread(notification: NewNotification & { storyId: string }): Promise<StoredNotification[]> {
      return database.transaction(async (tx) => {
        await tx.query(sql`
          DELETE FROM notifications
          WHERE user_id = ${notification.userId} AND story_id = ${notification.storyId}
            AND type = ${notification.type}::text::notification_type AND NOT is_read`);
        return (await tx.query<NotificationRow>(insertAndPublish([notification]))).map(toNotification);
      });
    },

    /**
     * story_liked for the author, once per liker and story: the `liked` mark (user = the liker) and the
     * notification go in together, and only when the mark is new.
     */
    async insertLikeOnce(likerId: string, notification: NewNotification): Promise<StoredNotification[]> {
      return database.transaction(async (tx) => {
        const marked = await tx.query(sql`
          INSERT INTO notification_marks (user_id, story_id, kind) VALUES (${likerId}, ${notification.storyId}, 'liked')
          ON CONFLICT DO NOTHING RETURNING story_id`);
        if (marked.length === 0) return [];
        return (await tx.query<NotificationRow>(insertAndPublish([notification]))).map(toNotification);
      });
    },

    /**
     * One nearby read's new marks and the notifications they make, in ONE statement (so atomic without a
     * transaction): the marks (`nearby`, `unlocked`, `near_locked`, and `time_locked` for the opened stories
     * this user was near while locked) go in with INSERT … SELECT … ON CONFLICT DO NOTHING RETURNING, and a
     * story_unlocked / time_locked notification (texts written by the service for every candidate) is inserted
     * and published only for a mark that statement really inserted. Returns the notifications and how many
     * nearby finds became pending.
     */
    async recordMarks(args: {
      userId: string;
      /** `announced`: a nearby find that needs no group (the same read unlocked it: story_unlocked says it). */
      marks: { storyId: string; kind: 'nearby' | 'unlocked' | 'near_locked'; announced?: boolean }[];
      opened: string[];
      now: Date;
      /** The notification each candidate would make if its mark is new (kind `unlocked` or `time_locked`). */
      texts: { storyId: string; kind: 'unlocked' | 'time_locked'; notification: NewNotification }[];
    }): Promise<{ created: StoredNotification[]; newPending: number }> {
      const { userId, texts } = args;
      const rows = await database.query<NotificationRow & { new_pending: number }>(sql`
        WITH marked AS (
          INSERT INTO notification_marks (user_id, story_id, kind, announced_at)
          SELECT ${userId}::uuid, c.story_id, c.kind, CASE WHEN c.announced THEN ${args.now.toISOString()}::timestamptz END
          FROM (
            SELECT * FROM unnest(${list(args.marks.map((m) => m.storyId))}::uuid[],
                                 ${list(args.marks.map((m) => m.kind))}::text[],
                                 ${list(args.marks.map((m) => m.announced === true))}::boolean[])
              AS c(story_id, kind, announced)
            UNION ALL
            SELECT m.story_id, 'time_locked', false FROM notification_marks m
            WHERE m.user_id = ${userId} AND m.kind = 'near_locked' AND m.story_id = ANY(${list(args.opened)}::uuid[])
          ) c
          ON CONFLICT DO NOTHING
          RETURNING story_id, kind, announced_at
        ), ins AS (
          INSERT INTO notifications (user_id, type, title, message, story_id, words)
          SELECT t.user_id, t.type::notification_type, t.title, t.message, t.story_id, t.words::jsonb
          FROM unnest(${list(texts.map((t) => t.storyId))}::uuid[], ${list(texts.map((t) => t.kind))}::text[],
                      ${list(texts.map((t) => t.notification.userId))}::uuid[], ${list(texts.map((t) => t.notification.type))}::text[],
                      ${list(texts.map((t) => say(t.notification.title)))}::text[], ${list(texts.map((t) => say(t.notification.message)))}::text[],
                      ${list(texts.map((t) => wordsText(t.notification)))}::text[])
            AS t(story_id, kind, user_id, type, title, message, words)
          JOIN marked ON marked.story_id = t.story_id AND marked.kind = t.kind
          RETURNING ${COLUMNS}
        ), published AS (
          SELECT ins.*, ${publish(sql`ins`)} FROM ins
        )
        SELECT published.*, (SELECT count(*) FROM marked WHERE kind = 'nearby' AND announced_at IS NULL)::int AS new_pending
        FROM published
        UNION ALL
        -- One row carrying the count even when no notification was made.
        SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
               (SELECT count(*) FROM marked WHERE kind = 'nearby' AND announced_at IS NULL)::int`);
      return {
        created: rows.filter((r) => r.id !== null).map(toNotification),
        newPending: Number(rows[0]?.new_pending ?? 0),
      };
    },

    /**
     * The grouped story_nearby: the user's state row is locked (so concurrent reads, on any instance, agree);
     * when the last group is at least an hour old and nearby finds are pending, they are all announced by one
     * notification, written by `message(count)` and published. Returns it (if made) and the last group's time.
     */
    async announcePendingNearby(args: {
      userId: string;
      now: Date;
      notification: (count: number, onlyStoryId: string | null) => NewNotification;
    }): Promise<{ created: StoredNotification[]; lastGroupAt: Date | null; pending: number }> {
      const { userId } = args;
      const at = args.now.toISOString();
      return database.transaction(async (tx) => {
        // An upsert that touches the row locks it for the rest of the transaction and returns its value.
        const [state] = await tx.query<{ last_nearby_group_at: Date | string | null; due: boolean }>(sql`
            INSERT INTO notification_state AS s (user_id) VALUES (${userId})
            ON CONFLICT (user_id) DO UPDATE SET user_id = s.user_id
            RETURNING s.last_nearby_group_at,
                      (s.last_nearby_group_at IS NULL OR s.last_nearby_group_at
                         <= ${at}::timestamptz - ${NOTIFICATION_LIMITS.nearbyGroupIntervalMs} * interval '1 millisecond') AS due`);
        const lastGroupAt = state?.last_nearby_group_at ? new Date(state.last_nearby_group_at) : null;
        if (!state?.due) {
          const [pending] = await tx.query<{ n: number }>(sql`
              SELECT count(*)::int AS n FROM notification_marks
              WHERE user_id = ${userId} AND kind = 'nearby' AND announced_at IS NULL`);
          return { created: [], lastGroupAt, pending: Number(pending?.n ?? 0) };
        }
        // Pending finds of stories still visible to others; ones hidden or made private meanwhile stay out.
        const group = (
          await tx.query<{ story_id: string }>(sql`
            UPDATE notification_marks m SET announced_at = ${at}::timestamptz
            FROM stories s
            WHERE m.user_id = ${userId} AND m.kind = 'nearby' AND m.announced_at IS NULL
              AND s.id = m.story_id AND ${storyVisibleTo(sql`${userId}::uuid`, { row: 's', own: 'excluded', blockedAuthors: 'ignored' })}
            RETURNING m.story_id`)
        ).map((r) => r.story_id);
        if (group.length === 0) return { created: [], lastGroupAt, pending: 0 };
        await tx.query(
          sql`UPDATE notification_state SET last_nearby_group_at = ${at}::timestamptz WHERE user_id = ${userId}`,
        );
        const notification = args.notification(group.length, group.length === 1 ? group[0]! : null);
        const created = (await tx.query<NotificationRow>(insertAndPublish([notification]))).map(toNotification);
        return { created, lastGroupAt: args.now, pending: 0 };
      });
    },

    /**
     * The smart suggestions' sample: the nearest visible stories (the reader's own flagged `own`: they are on the
     * reader's map too, docs/decisions/014-phone-round-2.md), nearest first, within 50 km, at
     * most `limit` — one KNN walk of the geography GiST index that stops after `limit` rows however dense the
     * place — with whether the user has unlocked each (a primary-key probe of their marks).
     */
    async smartSample(args: {
      latitude: number;
      longitude: number;
      userId: string | null;
      limit: number;
      maxDistance: number;
    }) {
      const point = sql`(SELECT ST_SetSRID(ST_MakePoint(${args.longitude}::float8, ${args.latitude}::float8), 4326)::geography)`;
      const rows = await database.query<{
        latitude: number;
        longitude: number;
        category: string;
        type: string;
        time_restriction: string;
        unlock_start_time: string | null;
        distance: number;
        read: boolean;
        own: boolean;
      }>(sql`
        SELECT n.latitude, n.longitude, n.category, n.type, n.time_restriction, n.unlock_start_time, n.distance, n.own,
               EXISTS (SELECT 1 FROM notification_marks m
                       WHERE m.user_id = ${args.userId}::uuid AND m.kind = 'unlocked' AND m.story_id = n.id) AS read
        FROM (
          SELECT s.id, s.latitude, s.longitude, s.category, s.type, s.time_restriction, s.unlock_start_time,
                 ST_Distance(s.location, ${point}, false) AS distance, s.location <-> ${point} AS knn,
                 s.author_id IS NOT DISTINCT FROM ${args.userId}::uuid AS own
          FROM stories s
          WHERE ${storyVisibleTo(sql`${args.userId}::uuid`, { row: 's', own: 'sees-private', blockedAuthors: 'excluded' })}
          ORDER BY knn
          LIMIT ${sql.raw(String(Math.trunc(args.limit)))}
        ) n
        WHERE n.distance <= ${args.maxDistance}::float8
        ORDER BY n.knn`);
      return rows.map((r) => ({
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        category: r.category,
        type: r.type,
        timeRestriction: r.time_restriction,
        unlockStartTime: r.unlock_start_time,
        distance: Number(r.distance),
        read: Boolean(r.read),
        own: Boolean(r.own),
      }));
    },

    /** Marks of one user (tests and the smart suggestions' "read nearby" use them). */
    async marksOf(userId: string, kind: MarkKind): Promise<string[]> {
      const rows = await database.query<{ story_id: string }>(sql`
        SELECT story_id FROM notification_marks WHERE user_id = ${userId} AND kind = ${kind}`);
      return rows.map((r) => r.story_id);
    },

    /**
     * Prunes read notifications older than `keepDays`, and read ones beyond the newest `keepPerUser` read ones of
     * a user.
     * Unread ones stay. The marks stay too, so nothing pruned is ever notified again.
     */
    async prune(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - NOTIFICATION_LIMITS.keepDays * 24 * 3600_000);
      const rows = await database.query(sql`
        DELETE FROM notifications n
        WHERE n.is_read AND (
          n.created_at < ${cutoff.toISOString()}::timestamptz
          OR n.id IN (
            SELECT id FROM (
              SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS rank
              FROM notifications
              WHERE is_read AND user_id IN (SELECT user_id FROM notifications WHERE is_read GROUP BY user_id
                                            HAVING count(*) > ${NOTIFICATION_LIMITS.keepPerUser})
            ) ranked
            WHERE ranked.rank > ${NOTIFICATION_LIMITS.keepPerUser}))
        RETURNING n.id`);
      return rows.length;
    },
  };
}

function toNotificationWithCursor(row: NotificationRow) {
  return { notification: toNotification(row), cursor: { createdAt: row.created_at_text, id: row.id } };
}
