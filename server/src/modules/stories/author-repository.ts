/**
 * The author's own writes on the stories table (docs/design.md, rule 13): edit and delete. Deleting the row removes its likes,
 * reports, notifications, notification marks and unlock records with it (ON DELETE CASCADE in db/schema.ts).
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stories } from '../../db/schema';
import { visibleStory } from '../../db/visibility';
import type { StoryRow } from './story-view';
import type { LockField } from '#common/lock-kinds';

export type StoryEditValues = Partial<
  Pick<
    typeof stories.$inferInsert,
    | 'title'
    | 'description'
    | 'category'
    | 'language'
    | 'content'
    | 'wordCount'
    | 'timeRestriction'
    | LockField
    | 'isPublic'
  >
>;

export type StoryAuthorRepository = ReturnType<typeof createStoryAuthorRepository>;

export function createStoryAuthorRepository(database: Database) {
  const { db } = database;
  return {
    /** The story's author and type when `viewerId` may see it (db/visibility.ts); undefined otherwise. */
    async visibleStory(
      storyId: string,
      viewerId: string,
    ): Promise<{ authorId: string; type: StoryRow['type'] } | undefined> {
      const [row] = await db
        .select({ authorId: stories.authorId, type: stories.type })
        .from(stories)
        .where(and(eq(stories.id, storyId), visibleStory(sql`${viewerId}::uuid`)))
        .limit(1);
      return row;
    },

    /** Changes the author's story; the row as written, or undefined when it is gone (deleted meanwhile). */
    async update(storyId: string, authorId: string, values: StoryEditValues): Promise<StoryRow | undefined> {
      const { location: _location, ...columns } = getTableColumns(stories);
      const [row] = await db
        .update(stories)
        .set(values)
        .where(and(eq(stories.id, storyId), eq(stories.authorId, authorId)))
        .returning(columns);
      return row;
    },

    /** Deletes the author's story (and, by cascade, everything that refers to it); false when it was not there. */
    async delete(storyId: string, authorId: string): Promise<boolean> {
      const deleted = await db
        .delete(stories)
        .where(and(eq(stories.id, storyId), eq(stories.authorId, authorId)))
        .returning({ id: stories.id });
      return deleted.length > 0;
    },
  };
}
