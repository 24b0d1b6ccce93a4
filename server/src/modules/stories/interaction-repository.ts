/**
 * Likes and reports in SQL (docs/design.md, rule 7), on stories the user may see (db/visibility.ts). One like per
 * user and story, counted exactly under concurrency: the like row and the counter change in one statement, so a
 * like that was not inserted (already there) never touches the counter.
 */
import { sql } from 'drizzle-orm';
import { REPORTER_MIN_ACCOUNT_AGE_HOURS, REPORTS_TO_HIDE } from '#common/constants';
import { MODERATION_LIMITS } from '#common/moderation';
import type { Database } from '../../db/client';
import { stories } from '../../db/schema';
import { visibleStory } from '../../db/visibility';

export interface CounterResult {
  /** False when the story does not exist or the user may not see it. */
  found: boolean;
  likes: number;
  /** True only when this call added (or removed) the like. */
  changed: boolean;
}

interface CounterRow extends Record<string, unknown> {
  found: number;
  changed: number;
  likes: number | null;
}

export type ReportOutcome =
  | { kind: 'not-found' }
  | { kind: 'own-story' }
  | { kind: 'too-many' }
  | {
      kind: 'stored';
      created: boolean;
      /** When this report hid the story: the automatic decision (docs/design.md, rules 14, 18). */
      hidden: { authorId: string; title: string; decisionId: string; reason: string } | null;
    };

export type InteractionRepository = ReturnType<typeof createInteractionRepository>;

export function createInteractionRepository(database: Database) {
  const visibleTo = (userId: string) => visibleStory(sql`${userId}::uuid`);
  const counterResult = (row: CounterRow | undefined): CounterResult => ({
    found: Number(row?.found ?? 0) > 0,
    likes: Number(row?.likes ?? 0),
    changed: Number(row?.changed ?? 0) > 0,
  });

  return {
    async like(userId: string, storyId: string): Promise<CounterResult> {
      // Data-modifying CTEs see the same snapshot, so the final count is taken from the UPDATE when it ran.
      const [row] = await database.query<CounterRow>(sql`
        WITH target AS (
          SELECT ${stories.id} AS id FROM ${stories} WHERE ${stories.id} = ${storyId} AND ${visibleTo(userId)}
        ), inserted AS (
          INSERT INTO likes (user_id, story_id) SELECT ${userId}, id FROM target
          ON CONFLICT (user_id, story_id) DO NOTHING
          RETURNING story_id
        ), counted AS (
          UPDATE stories SET likes = likes + 1 WHERE id IN (SELECT story_id FROM inserted) RETURNING likes
        )
        SELECT (SELECT count(*) FROM target)::int AS found,
               (SELECT count(*) FROM counted)::int AS changed,
               COALESCE((SELECT likes FROM counted), (SELECT likes FROM stories WHERE id = ${storyId})) AS likes`);
      return counterResult(row);
    },

    async unlike(userId: string, storyId: string): Promise<CounterResult> {
      const [row] = await database.query<CounterRow>(sql`
        WITH target AS (
          SELECT ${stories.id} AS id FROM ${stories} WHERE ${stories.id} = ${storyId} AND ${visibleTo(userId)}
        ), removed AS (
          DELETE FROM likes WHERE user_id = ${userId} AND story_id IN (SELECT id FROM target)
          RETURNING story_id
        ), counted AS (
          UPDATE stories SET likes = GREATEST(likes - 1, 0) WHERE id IN (SELECT story_id FROM removed) RETURNING likes
        )
        SELECT (SELECT count(*) FROM target)::int AS found,
               (SELECT count(*) FROM counted)::int AS changed,
               COALESCE((SELECT likes FROM counted), (SELECT likes FROM stories WHERE id = ${storyId})) AS likes`);
      return counterResult(row);
    },

    /**
     * Stores a report; when REPORTS_TO_HIDE distinct users have reported the story, hides it. The story row is
     * locked first so concurrent reports are counted one after another and the threshold is never missed.
     */
    async report(userId: string, storyId: string, report: { reason: string; note?: string }): Promise<ReportOutcome> {
      return database.transaction(async (tx) => {
        const [target] = await tx.query<{ author_id: string }>(sql`
          SELECT ${stories.authorId} AS author_id FROM ${stories}
          WHERE ${stories.id} = ${storyId} AND ${visibleTo(userId)}
          FOR UPDATE`);
        if (!target) return { kind: 'not-found' };
        if (target.author_id === userId) return { kind: 'own-story' };
        const [{ today } = { today: 0 }] = await tx.query<{ today: number }>(sql`
          SELECT count(*)::int AS today FROM reports WHERE user_id = ${userId} AND created_at > now() - interval '1 day'`);
        if (today >= MODERATION_LIMITS.reportsPerDay) return { kind: 'too-many' };

        // A suspended or banned reporter's report is stored but never weighed (the route refuses them anyway;
        // counted here so the rule holds whoever stores a report).
        const inserted = await tx.query<{ id: string }>(sql`
          INSERT INTO reports (story_id, user_id, reason, note, counts)
          SELECT ${storyId}, ${userId}, ${report.reason}, ${report.note ?? null},
                 NOT (u.banned_at IS NOT NULL OR coalesce(u.suspended_until > now(), false))
          FROM users u WHERE u.id = ${userId}
          ON CONFLICT (story_id, user_id) DO NOTHING
          RETURNING id`);
        if (inserted.length === 0) return { kind: 'stored', created: false, hidden: null };

        // Only open reports that cost something count: from an account old enough when it reported, that had
        // unlocked the story, not suspended (the route requires the unlock too).
        const [hidden] = await tx.query<{ author_id: string; title: string; reason: string }>(sql`
          UPDATE stories SET hidden_at = now()
          WHERE id = ${storyId} AND hidden_at IS NULL
            AND (SELECT count(*) FROM reports r JOIN users u ON u.id = r.user_id
                 WHERE r.story_id = ${storyId} AND r.resolved_at IS NULL AND r.counts
                   AND u.banned_at IS NULL AND NOT coalesce(u.suspended_until > now(), false)
                   AND r.created_at >= u.created_at + make_interval(hours => ${REPORTER_MIN_ACCOUNT_AGE_HOURS})
                   AND EXISTS (SELECT 1 FROM unlocks k WHERE k.user_id = r.user_id AND k.story_id = r.story_id)
                ) >= ${REPORTS_TO_HIDE}
          RETURNING author_id, title,
            (SELECT r.reason FROM reports r WHERE r.story_id = ${storyId} AND r.resolved_at IS NULL AND r.counts
             GROUP BY r.reason ORDER BY count(*) DESC, max(r.created_at) DESC LIMIT 1) AS reason`);
        if (!hidden) return { kind: 'stored', created: true, hidden: null };
        // The automatic hide is a decision like a moderator's: an id, a reason, a line in the audit log.
        const [decision] = await tx.query<{ id: string }>(sql`
          INSERT INTO moderation_decisions (subject_user_id, story_id, story_title, action, reason)
          VALUES (${hidden.author_id}, ${storyId}, ${hidden.title}, 'auto_hide', ${hidden.reason})
          RETURNING id`);
        await tx.query(sql`UPDATE stories SET hidden_decision_id = ${decision!.id} WHERE id = ${storyId}`);
        await tx.query(sql`
          INSERT INTO moderation_audit_log (event, subject_user_id, story_id, decision_id, reason, detail)
          VALUES ('auto_hide', ${hidden.author_id}, ${storyId}, ${decision!.id}, ${hidden.reason},
                  ${`${REPORTS_TO_HIDE} weighted reports`})`);
        return {
          kind: 'stored',
          created: true,
          hidden: { authorId: hidden.author_id, title: hidden.title, decisionId: decision!.id, reason: hidden.reason },
        };
      });
    },
  };
}
