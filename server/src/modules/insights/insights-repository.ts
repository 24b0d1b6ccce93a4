/**
 * The insights' SQL (docs/decisions/018-insights-counts-not-readers.md). Writes only day counts (`story_insights`); reads them together with the unlock
 * and like records, counted per day in each story's time zone (closed-days.ts; an author's own likes never
 * count; authors have no unlock records).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stories } from '../../db/schema';
import { visibleStory, visibleTourStop } from '../../db/visibility';
import type { TourInsightKind } from '#common/insights';
import type { InsightCount } from './event-buffer';

/** A place: a story's coordinates, or a tour's first stop's (null: none left). */
export interface Place {
  latitude: number;
  longitude: number;
}

/** A day's count of one kind: an event kind, or `unlock` / `like` from their own records. */
export interface DailyCountRow {
  storyId: string;
  day: string;
  kind: string;
  count: number;
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;

/** A tour's first stop (any visibility): the place its days are counted in. */
const firstStopPlace = (tourId: ReturnType<typeof sql>) => sql`(
  SELECT json_build_object('latitude', s.latitude, 'longitude', s.longitude) FROM tour_stops ts JOIN stories s ON s.id = ts.story_id
  WHERE ts.tour_id = ${tourId} ORDER BY ts.position LIMIT 1)`;

export function createInsightsRepository(database: Database) {
  return {
    /**
     * The story as the event route needs it, when the viewer may see it: its author, type, and whether the
     * viewer (signed in) has it unlocked — theirs, or in their `unlocks` record.
     */
    async storyForEvent(storyId: string, viewerId: string | null) {
      const viewer = viewerId ? sql`${viewerId}::uuid` : sql`NULL::uuid`;
      const [row] = await database.query<
        { author_id: string; type: string; unlocked: boolean; latitude: number; longitude: number } & Record<
          string,
          unknown
        >
      >(sql`
        SELECT ${stories.authorId} AS author_id, ${stories.type}::text AS type, ${stories.latitude} AS latitude, ${stories.longitude} AS longitude,
               (${stories.authorId} = ${viewer}
                OR EXISTS (SELECT 1 FROM unlocks u WHERE u.user_id = ${viewer} AND u.story_id = ${stories.id})) AS unlocked
        FROM ${stories}
        WHERE ${stories.id} = ${storyId}::uuid AND ${visibleStory(viewer)}`);
      return row
        ? {
            authorId: row.author_id,
            type: row.type,
            unlocked: row.unlocked === true,
            place: { latitude: Number(row.latitude), longitude: Number(row.longitude) },
          }
        : undefined;
    },

    /** Adds the counts in one statement; cells of stories deleted meanwhile are dropped. */
    async addCounts(counts: readonly InsightCount[]) {
      if (counts.length === 0) return;
      const rows = counts.map((c) => ({ story_id: c.storyId, day: c.day, kind: c.kind, count: c.count }));
      await database.query(sql`
        INSERT INTO story_insights (story_id, day, kind, count)
        SELECT b.story_id, b.day, b.kind, b.count
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS b(story_id uuid, day date, kind insight_kind, count integer)
        WHERE EXISTS (SELECT 1 FROM stories s WHERE s.id = b.story_id)
        ON CONFLICT (story_id, day, kind) DO UPDATE SET count = story_insights.count + EXCLUDED.count`);
    },

    /** The author's story (any visibility), or undefined. */
    async storyOf(storyId: string) {
      const [row] = await database.query<
        { author_id: string; title: string; type: string; latitude: number; longitude: number } & Record<
          string,
          unknown
        >
      >(sql`
        SELECT ${stories.authorId} AS author_id, ${stories.title} AS title, ${stories.type}::text AS type,
               ${stories.latitude} AS latitude, ${stories.longitude} AS longitude
        FROM ${stories} WHERE ${stories.id} = ${storyId}::uuid`);
      return row
        ? {
            authorId: row.author_id,
            title: row.title,
            type: row.type,
            place: { latitude: Number(row.latitude), longitude: Number(row.longitude) },
          }
        : undefined;
    },

    /** Every story of the author: id, type and place. */
    async storiesOf(authorId: string) {
      const rows = await database.query<
        { id: string; type: string; latitude: number; longitude: number } & Record<string, unknown>
      >(sql`
        SELECT ${stories.id} AS id, ${stories.type}::text AS type, ${stories.latitude} AS latitude, ${stories.longitude} AS longitude
        FROM ${stories} WHERE ${stories.authorId} = ${authorId}::uuid`);
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        place: { latitude: Number(r.latitude), longitude: Number(r.longitude) },
      }));
    },

    /**
     * Day counts of the stories from `fromDay` (inclusive; a day or so early is fine, callers keep their days):
     * stored event counts, and unlocks and likes per day in each story's own time zone.
     */
    async dailyCounts(storyZones: readonly { id: string; zone: string }[], fromDay: string): Promise<DailyCountRow[]> {
      if (storyZones.length === 0) return [];
      const zones = sql`jsonb_to_recordset(${JSON.stringify(storyZones)}::jsonb) AS z(id uuid, zone text)`;
      const from = sql`${fromDay}::date`;
      const rows = await database.query<
        { story_id: string; day: string; kind: string; count: number | string } & Record<string, unknown>
      >(sql`
        SELECT story_id, to_char(day, 'YYYY-MM-DD') AS day, kind::text AS kind, count FROM story_insights
        WHERE story_id IN (SELECT id FROM ${zones}) AND day >= ${from}
        UNION ALL
        SELECT u.story_id, to_char((u.first_at AT TIME ZONE z.zone)::date, 'YYYY-MM-DD'), 'unlock', count(*)
        FROM ${zones} JOIN unlocks u ON u.story_id = z.id JOIN stories s ON s.id = u.story_id
        WHERE u.user_id <> s.author_id AND u.first_at >= ${from}::timestamp AT TIME ZONE 'UTC' - interval '1 day'
        GROUP BY 1, 2
        UNION ALL
        SELECT l.story_id, to_char((l.created_at AT TIME ZONE z.zone)::date, 'YYYY-MM-DD'), 'like', count(*)
        FROM ${zones} JOIN likes l ON l.story_id = z.id JOIN stories s ON s.id = l.story_id
        WHERE l.user_id <> s.author_id AND l.created_at >= ${from}::timestamp AT TIME ZONE 'UTC' - interval '1 day'
        GROUP BY 1, 2`);
      return rows.map((r) => ({ storyId: r.story_id, day: r.day, kind: r.kind, count: Number(r.count) }));
    },

    /**
     * A tour as its event route needs it: the author and its stops visible to this viewer, in walking order,
     * each with whether the viewer (signed in) has it unlocked. Undefined when the tour does not exist.
     */
    async tourForEvent(tourId: string, viewerId: string | null) {
      const viewer = viewerId ? sql`${viewerId}::uuid` : sql`NULL::uuid`;
      const rows = await database.query<
        { author_id: string; story_id: string | null; unlocked: boolean | null; place: Place | null } & Record<
          string,
          unknown
        >
      >(sql`
        SELECT t.author_id, ${stories.id} AS story_id, ${firstStopPlace(sql`t.id`)} AS place,
               (${stories.authorId} = ${viewer}
                OR EXISTS (SELECT 1 FROM unlocks u WHERE u.user_id = ${viewer} AND u.story_id = ${stories.id})) AS unlocked
        FROM tours t
        LEFT JOIN tour_stops ts ON ts.tour_id = t.id
        LEFT JOIN ${stories} ON ${stories.id} = ts.story_id AND ${visibleTourStop(viewer)}
        WHERE t.id = ${tourId}::uuid
        ORDER BY ts.position`);
      if (rows.length === 0) return undefined;
      const stops = rows
        .filter((r) => r.story_id !== null)
        .map((r) => ({ storyId: r.story_id!, unlocked: r.unlocked === true }));
      return { authorId: rows[0]!.author_id, stops, place: rows[0]!.place };
    },

    /** Adds tour counts in one statement; cells of tours deleted meanwhile are dropped. */
    async addTourCounts(counts: readonly InsightCount<TourInsightKind>[]) {
      if (counts.length === 0) return;
      const rows = counts.map((c) => ({ tour_id: c.storyId, day: c.day, kind: c.kind, count: c.count }));
      await database.query(sql`
        INSERT INTO tour_insights (tour_id, day, kind, count)
        SELECT b.tour_id, b.day, b.kind, b.count
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS b(tour_id uuid, day date, kind tour_insight_kind, count integer)
        WHERE EXISTS (SELECT 1 FROM tours t WHERE t.id = b.tour_id)
        ON CONFLICT (tour_id, day, kind) DO UPDATE SET count = tour_insights.count + EXCLUDED.count`);
    },

    /** The tour's author and first stop's place, or undefined when there is no such tour. */
    async tourOwner(tourId: string): Promise<{ authorId: string; place: Place | null } | undefined> {
      const [row] = await database.query<{ author_id: string; place: Place | null } & Record<string, unknown>>(sql`
        SELECT author_id, ${firstStopPlace(sql`${tourId}::uuid`)} AS place FROM tours WHERE id = ${tourId}::uuid`);
      return row ? { authorId: row.author_id, place: row.place } : undefined;
    },

    /** A tour's stored day counts from `fromDay` (inclusive). */
    async tourDailyCounts(
      tourId: string,
      fromDay: string,
    ): Promise<{ day: string; kind: TourInsightKind; count: number }[]> {
      const rows = await database.query<
        { day: string; kind: TourInsightKind; count: number | string } & Record<string, unknown>
      >(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, kind::text AS kind, count FROM tour_insights
        WHERE tour_id = ${tourId}::uuid AND day >= ${fromDay}::date`);
      return rows.map((r) => ({ day: r.day, kind: r.kind, count: Number(r.count) }));
    },

    /** The stored day counts of the author's tours, for their data export. */
    async tourExportRows(authorId: string) {
      const rows = await database.query<
        { tour_id: string; day: string; kind: string; count: number; place: Place | null } & Record<string, unknown>
      >(sql`
        SELECT i.tour_id, to_char(i.day, 'YYYY-MM-DD') AS day, i.kind::text AS kind, i.count, ${firstStopPlace(sql`t.id`)} AS place
        FROM tour_insights i JOIN tours t ON t.id = i.tour_id
        WHERE t.author_id = ${authorId}::uuid
        ORDER BY i.tour_id, i.day, i.kind`);
      return rows.map((r) => ({ tourId: r.tour_id, day: r.day, kind: r.kind, count: Number(r.count), place: r.place }));
    },

    /** The stored day counts of the author's stories, for their data export. */
    async exportRows(authorId: string): Promise<(DailyCountRow & { place: Place })[]> {
      const rows = await database.query<
        { story_id: string; day: string; kind: string; count: number; latitude: number; longitude: number } & Record<
          string,
          unknown
        >
      >(sql`
        SELECT i.story_id, to_char(i.day, 'YYYY-MM-DD') AS day, i.kind::text AS kind, i.count, s.latitude, s.longitude
        FROM story_insights i JOIN stories s ON s.id = i.story_id
        WHERE s.author_id = ${authorId}::uuid
        ORDER BY i.story_id, i.day, i.kind`);
      return rows.map((r) => ({
        storyId: r.story_id,
        day: r.day,
        kind: r.kind,
        count: Number(r.count),
        place: { latitude: Number(r.latitude), longitude: Number(r.longitude) },
      }));
    },
  };
}
