/**
 * A user's own data as a whole (docs/design.md, rule 13): removing the account with everything in it, and reading it all out
 * for the export. The tables' foreign keys cascade from users (sessions, password resets, stories, likes,
 * reports, notifications, notification marks and state, unlocks, tours) and from stories (the likes, reports,
 * notifications and unlocks of the user's stories), so deleting the user row removes them in the same statement.
 */
import { and, asc, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { likedMessage } from '#common/notifications';
import {
  likes,
  notificationMarks,
  notifications,
  stories,
  storyDrafts,
  throttleEvents,
  tourDrafts,
  tours,
  tourStops,
  users,
} from '../../db/schema';
import { visibleStory } from '../../db/visibility';
import { bucketStartsWith, BUCKETS } from '../auth';

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;

export function createAccountDataRepository(database: Database) {
  const { db } = database;
  return {
    async passwordHashOf(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      return row?.passwordHash;
    },

    /**
     * Deletes the user and everything that refers to them, in one transaction: the likes they gave are taken
     * off the other stories' counts first, and their sign-in failure counters go too (a new account under the
     * same username starts clean). Returns the ids of the stories that were deleted (their files are the
     * caller's to remove, after the commit).
     */
    async deleteAccount(userId: string): Promise<{ deleted: boolean; storyIds: string[]; draftIds: string[] }> {
      return database.transaction(async ({ db: tx }) => {
        const [user] = await tx
          .select({ username: users.username, displayName: users.displayName })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) return { deleted: false, storyIds: [], draftIds: [] };
        const own = await tx.select({ id: stories.id }).from(stories).where(eq(stories.authorId, userId));
        // Drafts (docs/decisions/060-story-drafts-and-routes-in.md) go by cascade; their files after the commit.
        const drafts = await tx
          .select({ id: storyDrafts.id })
          .from(storyDrafts)
          .where(eq(storyDrafts.authorId, userId));
        await tx
          .update(stories)
          .set({ likes: sql`GREATEST(${stories.likes} - 1, 0)` })
          .where(
            and(
              ne(stories.authorId, userId),
              inArray(stories.id, tx.select({ id: likes.storyId }).from(likes).where(eq(likes.userId, userId))),
            ),
          );
        // "<name> liked your story …" sent to other authors names this user: remove those too. Only on stories
        // where this user's like was announced (the `liked` mark), and only with their name at the start.
        const likedPrefix = likedMessage(user.displayName, '').slice(0, -1);
        await tx.delete(notifications).where(
          and(
            eq(notifications.type, 'story_liked'),
            inArray(
              notifications.storyId,
              tx
                .select({ id: notificationMarks.storyId })
                .from(notificationMarks)
                .where(and(eq(notificationMarks.userId, userId), eq(notificationMarks.kind, 'liked'))),
            ),
            sql`starts_with(${notifications.message}, ${likedPrefix})`,
          ),
        );
        // Its failed sign-ins (every address and device) go with it.
        for (const prefix of BUCKETS.loginOfUsername(user.username)) {
          await tx.delete(throttleEvents).where(bucketStartsWith(prefix));
        }
        await tx.delete(users).where(eq(users.id, userId));
        return { deleted: true, storyIds: own.map((s) => s.id), draftIds: drafts.map((d) => d.id) };
      });
    },

    async exportData(userId: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return undefined;
      const { location: _location, locationGeom: _locationGeom, ...columns } = getTableColumns(stories);
      const ownStories = await db
        .select(columns)
        .from(stories)
        .where(eq(stories.authorId, userId))
        .orderBy(desc(stories.createdAt));
      // A liked story's title only while the user may still see it (it may have become private or hidden).
      const likesGiven = await db
        .select({
          storyId: likes.storyId,
          likedAt: likes.createdAt,
          title: sql<string | null>`CASE WHEN ${visibleStory(sql`${userId}::uuid`)} THEN ${stories.title} END`,
        })
        .from(likes)
        .innerJoin(stories, eq(stories.id, likes.storyId))
        .where(eq(likes.userId, userId))
        .orderBy(asc(likes.createdAt));
      // Walking tours (docs/decisions/016-walk-mode-and-tours.md), with every stop the author set (whatever its story's state now).
      const ownTours = await db
        .select({
          id: tours.id,
          title: tours.title,
          description: tours.description,
          createdAt: tours.createdAt,
          storyIds: sql<string[]>`coalesce((SELECT array_agg(${tourStops.storyId} ORDER BY ${tourStops.position})
            FROM ${tourStops} WHERE ${tourStops.tourId} = ${tours.id}), '{}')`,
        })
        .from(tours)
        .where(eq(tours.authorId, userId))
        .orderBy(desc(tours.createdAt));
      const drafts = await db
        .select()
        .from(storyDrafts)
        .where(eq(storyDrafts.authorId, userId))
        .orderBy(desc(storyDrafts.createdAt));
      const plannedTours = await db
        .select()
        .from(tourDrafts)
        .where(eq(tourDrafts.authorId, userId))
        .orderBy(desc(tourDrafts.createdAt));
      return { user, stories: ownStories, likesGiven, tours: ownTours, drafts, plannedTours };
    },
  };
}
