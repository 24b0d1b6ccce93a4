/** Test helper: story rows straight through the database (the create route has its own tests). */
import type { Database } from '../../../db/client';
import { stories } from '../../../db/schema';

export type StoryInsert = typeof stories.$inferInsert;

export async function insertStory(
  database: Database,
  fields: Partial<StoryInsert> & Pick<StoryInsert, 'authorId' | 'latitude' | 'longitude'>,
) {
  const [row] = await database.db
    .insert(stories)
    .values({
      title: 'A whisper',
      category: 'Mystery',
      type: 'text',
      content: 'Hidden words',
      wordCount: 2,
      ...fields,
    })
    .returning();
  return row!;
}
