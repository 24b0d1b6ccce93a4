/**
 * Likes and reports (DESIGN.md decision 7). Both act only on stories the user may see: public and not hidden,
 * or their own. One like per user and story, counted exactly under concurrency: the like row and the counter
 * change in one statement, so a like that was not inserted (already there) never touches the counter.
 */
import { sql } from 'drizzle-orm';
import { REPORTS_TO_HIDE } from '#common/constants';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-errors';
import { requireUnlocked } from '../location/unlock-repository';

export const STORY_NOT_FOUND = 'Story not found';

export interface LikeResult {
  likes: number;
  liked: boolean;
  /** True only for the request that actually added the like (for a story_liked notification). */
  changed: boolean;
}

/** SQL condition: the story is visible to `userId` (the rule every story read also applies). */
const visibleTo = (userId: string) => sql`((s.is_public AND s.hidden_at IS NULL) OR s.author_id = ${userId})`;

interface CounterRow extends Record<string, unknown> {
  found: number;
  changed: number;
  likes: number | null;
}

export async function likeStory(database: Database, userId: string, storyId: string): Promise<LikeResult> {
  // You cannot like what you could not read (DESIGN.md decision 11): 403 unless unlocked for this user once.
  await requireUnlocked(database, userId, storyId);
  // Data-modifying CTEs see the same snapshot, so the final count is taken from the UPDATE when it ran.
  const [row] = await database.query<CounterRow>(sql`
    WITH target AS (
      SELECT s.id, s.likes FROM stories s WHERE s.id = ${storyId} AND ${visibleTo(userId)}
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
  return counterResult(row, true);
}

export async function unlikeStory(database: Database, userId: string, storyId: string): Promise<LikeResult> {
  const [row] = await database.query<CounterRow>(sql`
    WITH target AS (
      SELECT s.id FROM stories s WHERE s.id = ${storyId} AND ${visibleTo(userId)}
    ), removed AS (
      DELETE FROM likes WHERE user_id = ${userId} AND story_id IN (SELECT id FROM target)
      RETURNING story_id
    ), counted AS (
      UPDATE stories SET likes = GREATEST(likes - 1, 0) WHERE id IN (SELECT story_id FROM removed) RETURNING likes
    )
    SELECT (SELECT count(*) FROM target)::int AS found,
           (SELECT count(*) FROM counted)::int AS changed,
           COALESCE((SELECT likes FROM counted), (SELECT likes FROM stories WHERE id = ${storyId})) AS likes`);
  return counterResult(row, false);
}

function counterResult(row: CounterRow | undefined, liked: boolean): LikeResult {
  if (!row || Number(row.found) === 0) throw notFound(STORY_NOT_FOUND);
  return { likes: Number(row.likes ?? 0), liked, changed: Number(row.changed) > 0 };
}

export interface ReportResult {
  /** False when this user had already reported the story (the call is then idempotent). */
  created: boolean;
  /** True when this report was the one that hid the story. */
  hidden: boolean;
}

/**
 * Stores a report; when REPORTS_TO_HIDE distinct users have reported the story, hides it. The story row is
 * locked first so concurrent reports are counted one after another and the threshold is never missed.
 */
export async function reportStory(
  database: Database,
  userId: string,
  storyId: string,
  reason: string,
): Promise<ReportResult> {
  // You cannot report what you could not read (DESIGN.md decisions 11, 14).
  await requireUnlocked(database, userId, storyId);
  return database.db.transaction(async (tx) => {
    const { rows: targets } = (await tx.execute(sql`
      SELECT s.id, s.author_id FROM stories s
      WHERE s.id = ${storyId} AND ${visibleTo(userId)}
      FOR UPDATE`)) as unknown as { rows: { id: string; author_id: string }[] };
    const target = targets[0];
    if (!target) throw notFound(STORY_NOT_FOUND);
    if (target.author_id === userId) throw badRequest('You cannot report your own story.');

    const { rows: inserted } = (await tx.execute(sql`
      INSERT INTO reports (story_id, user_id, reason) VALUES (${storyId}, ${userId}, ${reason})
      ON CONFLICT (story_id, user_id) DO NOTHING
      RETURNING id`)) as unknown as { rows: { id: string }[] };
    if (inserted.length === 0) return { created: false, hidden: false };

    const { rows: hidden } = (await tx.execute(sql`
      UPDATE stories SET hidden_at = now()
      WHERE id = ${storyId} AND hidden_at IS NULL
        AND (SELECT count(*) FROM reports WHERE story_id = ${storyId}) >= ${REPORTS_TO_HIDE}
      RETURNING id`)) as unknown as { rows: { id: string }[] };
    return { created: true, hidden: hidden.length > 0 };
  });
}
