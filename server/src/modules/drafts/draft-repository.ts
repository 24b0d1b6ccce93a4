/**
 * The only SQL of story drafts and planned tours (docs/decisions/060-story-drafts-and-routes-in.md). Every query
 * names the author: a draft is read, changed or removed only by the one who wrote it.
 */
import { and, asc, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Point } from '#common/geo';
import type { Database } from '../../db/client';
import { storyDrafts, tourDrafts, users, type TourDraftStop } from '../../db/schema';

export type DraftRow = typeof storyDrafts.$inferSelect;
export type TourDraftRow = typeof tourDrafts.$inferSelect;
type NewDraft = typeof storyDrafts.$inferInsert;

export interface PlannedStopInput extends Point {
  fields: Record<string, string>;
  title: string;
  suggested: boolean;
}

export type DraftRepository = ReturnType<typeof createDraftRepository>;

export function createDraftRepository(database: Database) {
  const { db } = database;
  const own = (authorId: string, id: string) => and(eq(storyDrafts.id, id), eq(storyDrafts.authorId, authorId));
  const notPinning = or(isNull(storyDrafts.pinningUntil), lt(storyDrafts.pinningUntil, sql`now()`));
  return {
    async countOf(authorId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(storyDrafts).where(eq(storyDrafts.authorId, authorId));
      return row?.n ?? 0;
    },

    async insert(values: NewDraft): Promise<DraftRow> {
      const [row] = await db.insert(storyDrafts).values(values).returning();
      return row!;
    },

    async listOf(authorId: string): Promise<DraftRow[]> {
      return db
        .select()
        .from(storyDrafts)
        .where(eq(storyDrafts.authorId, authorId))
        .orderBy(desc(storyDrafts.createdAt), desc(storyDrafts.id));
    },

    async byId(authorId: string, id: string): Promise<DraftRow | undefined> {
      const [row] = await db.select().from(storyDrafts).where(own(authorId, id));
      return row;
    },

    async update(
      authorId: string,
      id: string,
      values: Pick<DraftRow, 'fields' | 'latitude' | 'longitude'>,
    ): Promise<DraftRow | undefined> {
      const [row] = await db
        .update(storyDrafts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(own(authorId, id))
        .returning();
      return row;
    },

    /**
     * "Pin here" claims the draft first, so two pins of one draft cannot both make a story: the claim is a lease
     * (`pinning_until`) taken only when none is running, ended by `releasePin` or by the draft's removal, and
     * expiring by itself should the process stop mid-pin. Undefined when the draft is not the author's or is busy.
     */
    async claimForPin(authorId: string, id: string, leaseSeconds: number): Promise<DraftRow | undefined> {
      const [row] = await db
        .update(storyDrafts)
        .set({ pinningUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(and(own(authorId, id), notPinning))
        .returning();
      return row;
    },

    async releasePin(authorId: string, id: string): Promise<void> {
      await db.update(storyDrafts).set({ pinningUntil: null }).where(own(authorId, id));
    },

    /**
     * Removes the draft (refused, undefined, while a pin of it runs, unless that pin is the one removing it). A
     * planned tour's stop then names the story it became, or, deleted unpublished, leaves the tour; a planned tour
     * left without stops goes too.
     */
    async remove(authorId: string, id: string, publishedAs: string | null = null): Promise<DraftRow | undefined> {
      return database.transaction(async ({ db: tx }) => {
        const [row] = await tx
          .delete(storyDrafts)
          .where(publishedAs ? own(authorId, id) : and(own(authorId, id), notPinning))
          .returning();
        if (!row?.tourDraftId) return row;
        const [tour] = await tx.select().from(tourDrafts).where(eq(tourDrafts.id, row.tourDraftId)).for('update');
        if (!tour) return row;
        const stops = publishedAs
          ? tour.stops.map((stop) => (stop.draftId === id ? { ...stop, storyId: publishedAs } : stop))
          : tour.stops.filter((stop) => stop.draftId !== id);
        if (stops.length === 0) await tx.delete(tourDrafts).where(eq(tourDrafts.id, tour.id));
        else await tx.update(tourDrafts).set({ stops }).where(eq(tourDrafts.id, tour.id));
        return row;
      });
    },

    /**
     * A planned tour and all its stops' drafts in one transaction (nothing half-imported); refused with null when
     * the author's drafts would then exceed `max`.
     */
    async insertPlannedTour(
      authorId: string,
      tour: { title: string; path: Point[] },
      stops: PlannedStopInput[],
      max: number,
    ): Promise<TourDraftRow | null> {
      return database.transaction(async ({ db: tx }) => {
        // One import at a time per author, so two cannot both pass the cap.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, authorId)).for('update');
        const [existing] = await tx.select({ n: count() }).from(storyDrafts).where(eq(storyDrafts.authorId, authorId));
        if ((existing?.n ?? 0) + stops.length > max) return null;
        const [row] = await tx.insert(tourDrafts).values({ authorId, title: tour.title, path: tour.path }).returning();
        const drafts = await tx
          .insert(storyDrafts)
          .values(
            stops.map((stop) => ({
              authorId,
              latitude: stop.latitude,
              longitude: stop.longitude,
              fields: stop.fields,
              tourDraftId: row!.id,
            })),
          )
          .returning({ id: storyDrafts.id });
        const tourStops: TourDraftStop[] = stops.map((stop, i) => ({
          draftId: drafts[i]!.id,
          storyId: null,
          title: stop.title,
          latitude: stop.latitude,
          longitude: stop.longitude,
          suggested: stop.suggested,
        }));
        const [saved] = await tx
          .update(tourDrafts)
          .set({ stops: tourStops })
          .where(eq(tourDrafts.id, row!.id))
          .returning();
        return saved!;
      });
    },

    async plannedToursOf(authorId: string): Promise<TourDraftRow[]> {
      return db
        .select()
        .from(tourDrafts)
        .where(eq(tourDrafts.authorId, authorId))
        .orderBy(asc(tourDrafts.createdAt), asc(tourDrafts.id));
    },

    async plannedTour(authorId: string, id: string): Promise<TourDraftRow | undefined> {
      const [row] = await db
        .select()
        .from(tourDrafts)
        .where(and(eq(tourDrafts.id, id), eq(tourDrafts.authorId, authorId)));
      return row;
    },

    /**
     * A planned tour given up: it goes with its stops' drafts still unpinned (not one being pinned right now, which
     * stays a draft of its own). The removed drafts' ids, for their files.
     */
    async removePlannedTourAndDrafts(authorId: string, id: string): Promise<string[] | undefined> {
      return database.transaction(async ({ db: tx }) => {
        const [tour] = await tx
          .select({ id: tourDrafts.id })
          .from(tourDrafts)
          .where(and(eq(tourDrafts.id, id), eq(tourDrafts.authorId, authorId)))
          .for('update');
        if (!tour) return undefined;
        // The drafts first: the tour's removal would unlink them (ON DELETE SET NULL).
        const removed = await tx
          .delete(storyDrafts)
          .where(and(eq(storyDrafts.authorId, authorId), eq(storyDrafts.tourDraftId, id), notPinning))
          .returning({ id: storyDrafts.id });
        await tx.delete(tourDrafts).where(eq(tourDrafts.id, id));
        return removed.map((draft) => draft.id);
      });
    },

    /** A published planned tour goes; its remaining drafts stay as drafts of their own. */
    async removePlannedTour(authorId: string, id: string): Promise<void> {
      await db.delete(tourDrafts).where(and(eq(tourDrafts.id, id), eq(tourDrafts.authorId, authorId)));
    },
  };
}
