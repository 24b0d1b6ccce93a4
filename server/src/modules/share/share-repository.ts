/** The one query the share cards make themselves: whether a signed-in requester blocked an author. */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blocks } from '../../db/schema';

export type ShareRepository = ReturnType<typeof createShareRepository>;

export function createShareRepository(database: Database) {
  return {
    async hasBlocked(viewerId: string, authorId: string): Promise<boolean> {
      const rows = await database.db
        .select({ blocked: blocks.blockedId })
        .from(blocks)
        .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, authorId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
