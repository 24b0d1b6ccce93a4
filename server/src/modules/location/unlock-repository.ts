/**
 * The persistent record of what each user has had unlocked (`unlocks`, docs/design.md, rule 11): written by the
 * read path for stories newly unlocked, read by likes and reports (you cannot like or report what you could not
 * read). Only ids and the first time: no position is ever stored.
 */
import { sql } from 'drizzle-orm';
import { MESSAGES } from '#common/messages';
import type { Database } from '../../db/client';
import { stories } from '../../db/schema';
import { visibleStory } from '../../db/visibility';
import { forbidden } from '../../lib/http-errors';
import type { UnlockRecorder } from './location-guard';

const NOT_UNLOCKED_MESSAGE = MESSAGES.notUnlocked;

export type UnlockRepository = ReturnType<typeof createUnlockRepository>;

export function createUnlockRepository(database: Database) {
  return {
    /** One statement for the whole set; stories deleted meanwhile are skipped, rows already there kept. */
    async record(userId: string, storyIds: readonly string[]) {
      if (storyIds.length === 0) return;
      await database.query(sql`
        INSERT INTO unlocks (user_id, story_id)
        SELECT ${userId}::uuid, s.id FROM stories s
        WHERE s.id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(storyIds)}::jsonb))
        ON CONFLICT (user_id, story_id) DO NOTHING`);
    },

    /**
     * Throws 403 when the story exists and is visible to the user, is not theirs, and was never unlocked for them.
     * A story that is missing or not visible is left to the caller's own 404.
     */
    async requireUnlocked(userId: string, storyId: string): Promise<void> {
      const viewer = sql`${userId}::uuid`;
      const [row] = await database.query<{ unlocked: boolean } & Record<string, unknown>>(sql`
        SELECT (${stories.authorId} = ${viewer}
                OR EXISTS (SELECT 1 FROM unlocks u WHERE u.user_id = ${viewer} AND u.story_id = ${stories.id})) AS unlocked
        FROM ${stories}
        WHERE ${stories.id} = ${storyId}::uuid AND ${visibleStory(viewer)}`);
      if (row && !row.unlocked) throw forbidden(NOT_UNLOCKED_MESSAGE);
    },
  } satisfies UnlockRecorder & Record<string, unknown>;
}
