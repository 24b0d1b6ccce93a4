/**
 * Follows and the follow digest (docs/decisions/046-follows-daily-digest.md): the only code touching `follows`
 * and `digest_runs`. Who follows whom is read only for the follower; an author's page gets a count.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

interface AuthorRow extends Record<string, unknown> {
  id: string;
  display_name: string;
  bio: string | null;
  public_stories: number;
  followers: number;
  following: boolean;
  blocked: boolean;
}

interface DigestRow extends Record<string, unknown> {
  follower_id: string;
  author_id: string;
  display_name: string;
  stories: number;
  tours: number;
  /** The new stories' published points, [latitude, longitude] (for a rounded nearest distance only). */
  points: [number, number][] | null;
}

export type FollowRepository = ReturnType<typeof createFollowRepository>;

export function createFollowRepository(database: Database) {
  return {
    async author(viewerId: string | null, authorId: string): Promise<AuthorRow | null> {
      const viewer = viewerId ? sql`${viewerId}::uuid` : sql`NULL::uuid`;
      const [row] = await database.query<AuthorRow>(sql`
        SELECT u.id, u.display_name, u.bio,
          (SELECT count(*)::int FROM stories s WHERE s.author_id = u.id AND s.is_public AND s.hidden_at IS NULL) AS public_stories,
          (SELECT count(*)::int FROM follows f WHERE f.author_id = u.id) AS followers,
          EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewer} AND f.author_id = u.id) AS following,
          EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${viewer} AND b.blocked_id = u.id)
                                           OR (b.blocker_id = u.id AND b.blocked_id = ${viewer})) AS blocked
        FROM users u WHERE u.id = ${authorId}::uuid`);
      return row ?? null;
    },

    async follow(followerId: string, authorId: string): Promise<void> {
      await database.query(sql`
        INSERT INTO follows (follower_id, author_id) VALUES (${followerId}::uuid, ${authorId}::uuid) ON CONFLICT DO NOTHING`);
    },

    async unfollow(followerId: string, authorId: string): Promise<void> {
      await database.query(
        sql`DELETE FROM follows WHERE follower_id = ${followerId}::uuid AND author_id = ${authorId}::uuid`,
      );
    },

    async followerCount(authorId: string): Promise<number> {
      const [row] = await database.query<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM follows WHERE author_id = ${authorId}::uuid`,
      );
      return row?.count ?? 0;
    },

    /** The export: whom the user follows (never who follows them). */
    async followedBy(followerId: string) {
      return database.query<{ author_id: string; display_name: string; since: string }>(sql`
        SELECT f.author_id, u.display_name, f.created_at::text AS since
        FROM follows f JOIN users u ON u.id = f.author_id WHERE f.follower_id = ${followerId}::uuid ORDER BY f.created_at DESC`);
    },

    /**
     * Claims the digest period starting at `periodStart` and returns where its window starts (the last claimed
     * period, so a stop of the app loses nothing; at most `fallbackFrom` back), or null when another instance (or
     * an earlier tick) already claimed it: a period is sent once.
     */
    async claimPeriod(periodStart: Date, fallbackFrom: Date): Promise<Date | null> {
      return database.transaction(async (tx) => {
        const [previous] = await tx.query<{ last: string | null }>(sql`
          SELECT max(period_start)::text AS last FROM digest_runs WHERE period_start < ${periodStart.toISOString()}::timestamptz`);
        const claimed = await tx.query(sql`
          INSERT INTO digest_runs (period_start) VALUES (${periodStart.toISOString()}::timestamptz) ON CONFLICT DO NOTHING RETURNING period_start`);
        if (claimed.length === 0) return null;
        const last = previous?.last ? new Date(previous.last) : null;
        return last && last > fallbackFrom ? last : fallbackFrom;
      });
    },

    /** Per (follower, author): the author's new public stories and tours created in [from, to). */
    async digest(from: Date, to: Date): Promise<DigestRow[]> {
      const fromSql = sql`${from.toISOString()}::timestamptz`;
      const toSql = sql`${to.toISOString()}::timestamptz`;
      const newStories = sql`s.author_id = f.author_id AND s.is_public AND s.hidden_at IS NULL AND s.created_at >= ${fromSql} AND s.created_at < ${toSql}`;
      return database.query<DigestRow>(sql`
        SELECT * FROM (
          SELECT f.follower_id, f.author_id, u.display_name,
            (SELECT count(*)::int FROM stories s WHERE ${newStories}) AS stories,
            (SELECT count(*)::int FROM tours t WHERE t.author_id = f.author_id AND t.created_at >= ${fromSql} AND t.created_at < ${toSql}
               AND (SELECT count(*) FROM tour_stops ts JOIN stories s2 ON s2.id = ts.story_id
                    WHERE ts.tour_id = t.id AND s2.is_public AND s2.hidden_at IS NULL) >= 2) AS tours,
            (SELECT json_agg(json_build_array(s.latitude, s.longitude)) FROM stories s WHERE ${newStories}) AS points
          FROM follows f JOIN users u ON u.id = f.author_id
          WHERE f.created_at < ${toSql}) d
        WHERE d.stories > 0 OR d.tours > 0`);
    },
  };
}
