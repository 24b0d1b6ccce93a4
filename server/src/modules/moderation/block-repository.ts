/** Blocks in SQL (docs/moderation.md): a reader's blocks of authors, private to the reader. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export function blockQueries(database: Database) {
  return {
    async blocks(userId: string) {
      return database.query<{ user_id: string; display_name: string; created_at: Date | string }>(sql`
        SELECT b.blocked_id AS user_id, u.display_name, b.created_at
        FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = ${userId} ORDER BY b.created_at DESC`);
    },
    async blocksToday(userId: string): Promise<number> {
      const [row] = await database.query<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM blocks WHERE blocker_id = ${userId} AND created_at > now() - interval '1 day'`);
      return row?.n ?? 0;
    },
    /** false when the user does not exist. */
    async block(blockerId: string, blockedId: string): Promise<boolean> {
      const rows = await database.query<{ id: string }>(sql`
        WITH target AS (SELECT id FROM users WHERE id = ${blockedId}),
        ins AS (INSERT INTO blocks (blocker_id, blocked_id) SELECT ${blockerId}, id FROM target ON CONFLICT DO NOTHING)
        SELECT id FROM target`);
      return rows.length > 0;
    },
    async unblock(blockerId: string, blockedId: string): Promise<void> {
      await database.query(sql`DELETE FROM blocks WHERE blocker_id = ${blockerId} AND blocked_id = ${blockedId}`);
    },
  };
}
