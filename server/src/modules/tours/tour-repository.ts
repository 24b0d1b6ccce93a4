/**
 * The tours tables (docs/decisions/016-walk-mode-and-tours.md). Every reading of stops goes through `visibleTourStop` (db/visibility.ts), so a
 * story deleted, hidden or made private drops out everywhere at once; per-reader stop states come from the
 * `unlocks` record (or authorship), never from the tour itself (docs/design.md, rule 17).
 */
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stories, tours, tourStops, users } from '../../db/schema';
import { visibleStory, visibleTourStop } from '../../db/visibility';

export interface TourCursor {
  createdAt: string;
  id: string;
}

export interface TourRow {
  id: string;
  authorId: string;
  authorDisplayName: string | null;
  title: string;
  description: string | null;
  createdAt: Date;
  /** created_at as PostgreSQL prints it, for page cursors. */
  cursorAt: string;
}

export interface StopRow {
  position: number;
  storyId: string;
  title: string;
  type: (typeof stories.$inferSelect)['type'];
  category: string;
  latitude: number;
  longitude: number;
  unlocked: boolean;
}

/** A candidate stop as the author's checks need it. */
export interface CandidateStory {
  id: string;
  authorId: string;
  isPublic: boolean;
  hidden: boolean;
  latitude: number;
  longitude: number;
}

/** A stop that left its tour, as its author is told (tour-service.ts `droppedNotice`). */
export interface DroppedStop {
  title: string;
  /** Hidden by moderation (else: made private). */
  hidden: boolean;
  /** The decision that hid it, when there is one. */
  decision: { reason: string; automatic: boolean } | null;
}

export type TourRepository = ReturnType<typeof createTourRepository>;

const viewerSql = (viewerId: string | null) => (viewerId ? sql`${viewerId}::uuid` : sql`NULL::uuid`);

export function createTourRepository(database: Database) {
  const { db } = database;

  /** Visible stops of the given tours, in walking order, with this viewer's unlock state. */
  async function stopsOf(tourIds: string[], viewerId: string | null): Promise<Map<string, StopRow[]>> {
    const byTour = new Map<string, StopRow[]>(tourIds.map((id) => [id, []]));
    if (tourIds.length === 0) return byTour;
    const viewer = viewerSql(viewerId);
    const rows = await db
      .select({
        tourId: tourStops.tourId,
        position: tourStops.position,
        storyId: stories.id,
        title: stories.title,
        type: stories.type,
        category: stories.category,
        latitude: stories.latitude,
        longitude: stories.longitude,
        unlocked: sql<boolean>`(${stories.authorId} = ${viewer} OR EXISTS (
          SELECT 1 FROM unlocks u WHERE u.user_id = ${viewer} AND u.story_id = ${stories.id}))`,
      })
      .from(tourStops)
      .innerJoin(stories, eq(stories.id, tourStops.storyId))
      .where(and(inArray(tourStops.tourId, tourIds), visibleTourStop(viewer)))
      .orderBy(tourStops.tourId, tourStops.position);
    for (const { tourId, ...stop } of rows) byTour.get(tourId)?.push({ ...stop, unlocked: Boolean(stop.unlocked) });
    return byTour;
  }

  const tourColumns = {
    id: tours.id,
    authorId: tours.authorId,
    authorDisplayName: users.displayName,
    title: tours.title,
    description: tours.description,
    createdAt: tours.createdAt,
    cursorAt: sql<string>`${tours.createdAt}::text`,
  };

  return {
    stopsOf,

    async byId(tourId: string): Promise<TourRow | undefined> {
      const [row] = await db
        .select(tourColumns)
        .from(tours)
        .innerJoin(users, eq(users.id, tours.authorId))
        .where(eq(tours.id, tourId));
      return row;
    },

    /**
     * The stops that dropped out of the author's tour (hidden or made private; a deleted story took its row with
     * it), in walking order, each with why: the decision that hid it, if any. For the author's page only.
     */
    async droppedStops(tourId: string, authorId: string): Promise<DroppedStop[]> {
      const author = sql`${authorId}::uuid`;
      const rows = await database.query<{
        position: number;
        title: string;
        hidden: boolean;
        reason: string | null;
        automatic: boolean | null;
      }>(sql`
        SELECT ts.position, stories.title, stories.hidden_at IS NOT NULL AS hidden, d.reason, d.moderator_id IS NULL AS automatic
        FROM ${tourStops} ts
        JOIN ${stories} ON ${stories.id} = ts.story_id
        LEFT JOIN moderation_decisions d ON d.id = ${stories.hiddenDecisionId}
        WHERE ts.tour_id = ${tourId}::uuid AND ${stories.authorId} = ${author} AND NOT ${visibleTourStop(author)}
        ORDER BY ts.position`);
      return rows.map((r) => ({
        title: r.title,
        hidden: Boolean(r.hidden),
        decision: r.reason ? { reason: r.reason, automatic: Boolean(r.automatic) } : null,
      }));
    },

    /**
     * A page of tours, newest first (the story lists' keyset order): those with a visible stop within `near`
     * (radius in metres), or the author's own. Tours with fewer than 2 visible stops only for their author.
     */
    async page(args: {
      viewerId: string | null;
      near?: { latitude: number; longitude: number; radius: number };
      authorId?: string;
      limit: number;
      cursor: TourCursor | null;
    }): Promise<{ rows: TourRow[]; next: TourCursor | null }> {
      const viewer = viewerSql(args.viewerId);
      const conditions = [
        sql`(${tours.authorId} = ${viewer} OR (
          SELECT count(*) FROM ${tourStops} ts2 JOIN ${stories} ON ${stories.id} = ts2.story_id
          WHERE ts2.tour_id = ${tours.id} AND ${visibleTourStop(viewer)}) >= 2)`,
      ];
      if (args.authorId) conditions.push(eq(tours.authorId, args.authorId));
      if (args.near) {
        const { latitude, longitude, radius } = args.near;
        // The stories' geography GiST index finds the stops in reach; the sphere (false) as everywhere else.
        conditions.push(sql`${tours.id} IN (
          SELECT ts3.tour_id FROM ${tourStops} ts3 JOIN ${stories} ON ${stories.id} = ts3.story_id
          WHERE ${visibleTourStop(viewer)}
            AND ST_DWithin(${stories.location}, ST_SetSRID(ST_MakePoint(${longitude}, ${latitude}), 4326)::geography, ${radius}, false))`);
      }
      if (args.cursor) {
        conditions.push(
          sql`(${tours.createdAt}, ${tours.id}) < (${args.cursor.createdAt}::timestamptz, ${args.cursor.id}::uuid)`,
        );
      }
      const rows = await db
        .select(tourColumns)
        .from(tours)
        .innerJoin(users, eq(users.id, tours.authorId))
        .where(and(...conditions))
        .orderBy(sql`${tours.createdAt} DESC`, sql`${tours.id} DESC`)
        .limit(args.limit + 1);
      const page = rows.slice(0, args.limit);
      const last = page[page.length - 1];
      return { rows: page, next: rows.length > args.limit && last ? { createdAt: last.cursorAt, id: last.id } : null };
    },

    /** The candidate stories the user can see (others' private ones stay unknown), by id. */
    async candidates(storyIds: string[], viewerId: string): Promise<Map<string, CandidateStory>> {
      if (storyIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: stories.id,
          authorId: stories.authorId,
          isPublic: stories.isPublic,
          hidden: sql<boolean>`${stories.hiddenAt} IS NOT NULL`,
          latitude: stories.latitude,
          longitude: stories.longitude,
        })
        .from(stories)
        .where(and(inArray(stories.id, storyIds), visibleStory(sql`${viewerId}::uuid`)));
      return new Map(rows.map((row) => [row.id, { ...row, hidden: Boolean(row.hidden) }]));
    },

    async createdSince(authorId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tours)
        .where(and(eq(tours.authorId, authorId), gte(tours.createdAt, since)));
      return row?.n ?? 0;
    },

    /** The tour and its stops together, or nothing. */
    async insert(values: {
      authorId: string;
      title: string;
      description: string | null;
      storyIds: string[];
    }): Promise<string> {
      return database.transaction(async ({ db: tx }) => {
        const [row] = await tx
          .insert(tours)
          .values({ authorId: values.authorId, title: values.title, description: values.description })
          .returning({ id: tours.id });
        await tx
          .insert(tourStops)
          .values(values.storyIds.map((storyId, i) => ({ tourId: row!.id, position: i + 1, storyId })));
        return row!.id;
      });
    },

    /** Changes the author's tour; `storyIds` replaces every stop. False when it is gone. */
    async update(
      tourId: string,
      authorId: string,
      values: { title?: string; description?: string | null; storyIds?: string[] },
    ): Promise<boolean> {
      return database.transaction(async ({ db: tx }) => {
        const changed = await tx
          .update(tours)
          .set({
            ...(values.title === undefined ? {} : { title: values.title }),
            ...(values.description === undefined ? {} : { description: values.description }),
            updatedAt: sql`now()`,
          })
          .where(and(eq(tours.id, tourId), eq(tours.authorId, authorId)))
          .returning({ id: tours.id });
        if (changed.length === 0) return false;
        if (values.storyIds) {
          await tx.delete(tourStops).where(eq(tourStops.tourId, tourId));
          await tx
            .insert(tourStops)
            .values(values.storyIds.map((storyId, i) => ({ tourId, position: i + 1, storyId })));
        }
        return true;
      });
    },

    async delete(tourId: string, authorId: string): Promise<boolean> {
      const deleted = await db
        .delete(tours)
        .where(and(eq(tours.id, tourId), eq(tours.authorId, authorId)))
        .returning({ id: tours.id });
      return deleted.length > 0;
    },
  };
}
