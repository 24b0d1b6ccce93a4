/**
 * Authors' insights (docs/decisions/018-insights-counts-not-readers.md, docs/design.md, rule 19). `record` takes one reader's event: checks it, drops it
 * when the reader already counted for that story, day and kind, and otherwise adds it to the buffer (the
 * database sees only day counts, in batches). The read-outs are the author's only, hold closed days only (a day in
 * the story's time zone, released after it has ended there: closed-days.ts), and have every count from 1 to 2
 * replaced by "fewer than 3" here, on the server, so those numbers never leave it.
 */
import {
  acceptsEvent,
  engagedLabel,
  INSIGHTS,
  QUARTILES,
  quartileKind,
  shownCount,
  type InsightEventKind,
  type TourInsightKind,
} from '#common/insights';
import type {
  InsightFigures,
  InsightsSummary,
  StoryInsights,
  TourInsightFigures,
  TourInsights,
} from '#common/insights-schemas';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import type { DailyDedup } from './daily-dedup';
import { closedDays, localDay, zoneOf } from './closed-days';
import type { EventBuffer } from './event-buffer';
import type { InsightsRepository } from './insights-repository';
import { isTimedStory } from '#common/media-kinds';

export const INSIGHT_MESSAGES = {
  notFound: 'Story not found',
  notUnlocked: 'You can only report on a story you have unlocked.',
  notAuthor: 'Only the author can see a story’s insights.',
  wrongKind: (kind: string, type: string) => `A ${type} story takes no "${kind}" event.`,
  tourNotFound: 'Tour not found',
  notAStop: 'That story is not a stop of this tour.',
  stopNotReached: 'You can only report a stop you have unlocked.',
  tourNotComplete: 'You can only report a tour complete once every stop is unlocked.',
  tourNotStarted: 'You can only report a tour started once you have unlocked one of its stops.',
  notTourAuthor: 'Only the author can see a tour’s insights.',
} as const;

/** The author's figure each tour kind feeds. */
const TOUR_FIGURE: Record<TourInsightKind, keyof TourInsightFigures> = {
  start: 'starts',
  stop: 'stops',
  complete: 'completions',
};

export interface InsightReader {
  /** The de-duplication key (reader-key.ts); never stored. */
  key: string;
  userId: string | null;
  ip: string;
  /** A signed-out browser's reader cookie id (null: its address). */
  readerId: string | null;
}

/** The figure each counted kind feeds; quartiles feed only the listen-through curve. */
const FIGURE_OF: Record<string, keyof InsightFigures | undefined> = {
  unlock: 'unlocks',
  open: 'opens',
  like: 'likes',
  share: 'shares',
  play: 'plays',
  read: 'reads',
  transcript: 'transcripts',
};

type RawFigures = Record<keyof InsightFigures, number>;
const emptyFigures = (): RawFigures => ({
  unlocks: 0,
  opens: 0,
  likes: 0,
  shares: 0,
  plays: 0,
  reads: 0,
  transcripts: 0,
});
const shownFigures = (raw: RawFigures): InsightFigures => ({
  unlocks: shownCount(raw.unlocks),
  opens: shownCount(raw.opens),
  likes: shownCount(raw.likes),
  shares: shownCount(raw.shares),
  plays: shownCount(raw.plays),
  reads: shownCount(raw.reads),
  transcripts: shownCount(raw.transcripts),
});

export function createInsightsService(deps: {
  repository: InsightsRepository;
  buffer: EventBuffer;
  /** Tours' day counts (docs/decisions/018-insights-counts-not-readers.md), written beside the stories'. */
  tourBuffer: EventBuffer<TourInsightKind>;
  dedup: DailyDedup;
  /** A signed-out reader's record of unlocks (the location guard's budget window). */
  recentlyUnlocked: (reader: InsightReader, storyId: string) => Promise<boolean>;
  now?: () => number;
  /** Tests only (INSIGHTS_TEST_SHOW_OPEN_DAYS): days still open are shown too. */
  showOpenDays?: boolean;
}) {
  const now = deps.now ?? Date.now;
  const released = (days: number, at: number, zone: string) => closedDays(days, at, zone, deps.showOpenDays === true);
  /** Released: no later than the newest closed day of the place's time zone. */
  const isClosed = (day: string, place: Parameters<typeof zoneOf>[0]) => day <= released(1, now(), zoneOf(place))[0]!;

  return {
    /** Counts one event; resolves without counting for the author's own story and for repeats within the day. */
    async record(reader: InsightReader, storyId: string, kind: InsightEventKind): Promise<void> {
      const story = await deps.repository.storyForEvent(storyId, reader.userId);
      if (!story) throw notFound(INSIGHT_MESSAGES.notFound);
      if (!acceptsEvent(story.type, kind)) throw badRequest(INSIGHT_MESSAGES.wrongKind(kind, story.type));
      // One's own reads never count.
      if (reader.userId !== null && story.authorId === reader.userId) return;
      const unlocked = reader.userId !== null ? story.unlocked : await deps.recentlyUnlocked(reader, storyId);
      if (!unlocked) throw forbidden(INSIGHT_MESSAGES.notUnlocked);
      const at = now();
      const day = localDay(at, zoneOf(story.place));
      if (await deps.dedup.first(reader.key, storyId, day, kind, at)) deps.buffer.add(storyId, day, kind);
    },

    /**
     * Counts one walker's tour event (docs/decisions/018-insights-counts-not-readers.md): a start of a tour they can see; a stop they have unlocked
     * (counted once per stop: "stops reached" adds up the stops readers reached that day); a completion once all
     * its visible stops are unlocked. The author's own walks are taken and not counted. A start counts only for a
     * walker who has unlocked at least one visible stop — who really went to the tour — so accounts that never
     * went near it cannot inflate its starts (docs/decisions/033-starts-likes-and-public-text.md).
     */
    async recordTour(reader: InsightReader, tourId: string, kind: TourInsightKind, storyId?: string): Promise<void> {
      const tour = await deps.repository.tourForEvent(tourId, reader.userId);
      const isAuthor = reader.userId !== null && tour?.authorId === reader.userId;
      // Shown to nobody but its author below 2 visible stops: the same 404 as the tour itself.
      if (!tour || (!isAuthor && tour.stops.length < 2)) throw notFound(INSIGHT_MESSAGES.tourNotFound);
      const stop = storyId === undefined ? undefined : tour.stops.find((s) => s.storyId === storyId.toLowerCase());
      if (kind === 'stop' && !stop) throw badRequest(INSIGHT_MESSAGES.notAStop);
      if (isAuthor) return;
      const reached = async (s: { storyId: string; unlocked: boolean }) =>
        reader.userId !== null ? s.unlocked : deps.recentlyUnlocked(reader, s.storyId);
      if (kind === 'stop' && !(await reached(stop!))) throw forbidden(INSIGHT_MESSAGES.stopNotReached);
      if (kind === 'start' && !(await someReached(tour.stops, reached)))
        throw forbidden(INSIGHT_MESSAGES.tourNotStarted);
      if (kind === 'complete') {
        for (const s of tour.stops) if (!(await reached(s))) throw forbidden(INSIGHT_MESSAGES.tourNotComplete);
      }
      const at = now();
      const day = localDay(at, zoneOf(tour.place));
      const dedupKind = kind === 'stop' ? `tour-stop:${stop!.storyId}` : `tour-${kind}`;
      if (await deps.dedup.first(reader.key, tourId, day, dedupKind, at)) deps.tourBuffer.add(tourId, day, kind);
    },

    /** A tour's starts, stops reached and completions per closed day over the last `days` of them (author only). */
    async forTour(authorId: string, tourId: string, days: number): Promise<TourInsights> {
      const owner = await deps.repository.tourOwner(tourId);
      if (!owner) throw notFound(INSIGHT_MESSAGES.tourNotFound);
      if (owner.authorId !== authorId) throw forbidden(INSIGHT_MESSAGES.notTourAuthor);
      const dayList = released(days, now(), zoneOf(owner.place));
      const empty = () => ({ starts: 0, stops: 0, completions: 0 });
      const perDay = new Map(dayList.map((day) => [day, empty()]));
      const totals = empty();
      for (const row of await deps.repository.tourDailyCounts(tourId, dayList[0]!)) {
        const figure = TOUR_FIGURE[row.kind];
        const day = perDay.get(row.day);
        if (!day) continue;
        day[figure] += row.count;
        totals[figure] += row.count;
      }
      const shown = (f: ReturnType<typeof empty>): TourInsightFigures => ({
        starts: shownCount(f.starts),
        stops: shownCount(f.stops),
        completions: shownCount(f.completions),
      });
      return {
        tourId,
        days,
        series: dayList.map((day) => ({ day, ...shown(perDay.get(day)!) })),
        totals: shown(totals),
      };
    },

    /** The author's tours' stored day counts for their data export (closed days only, masked). */
    async exportToursFor(authorId: string) {
      const rows = await deps.repository.tourExportRows(authorId);
      return rows
        .filter((r) => isClosed(r.day, r.place))
        .map((r) => ({ tourId: r.tourId, day: r.day, kind: r.kind, count: shownCount(r.count) }));
    },

    /** One story's daily series, totals and listen-through curve over the last `days` days (author only). */
    async forStory(authorId: string, storyId: string, days: number): Promise<StoryInsights> {
      const story = await deps.repository.storyOf(storyId);
      if (!story) throw notFound(INSIGHT_MESSAGES.notFound);
      if (story.authorId !== authorId) throw forbidden(INSIGHT_MESSAGES.notAuthor);
      const zone = zoneOf(story.place);
      const dayList = released(days, now(), zone);
      const rows = await deps.repository.dailyCounts([{ id: storyId, zone }], dayList[0]!);
      const perDay = new Map(dayList.map((day) => [day, emptyFigures()]));
      const totals = emptyFigures();
      const quartiles = new Map<string, number>();
      for (const row of rows) {
        const figure = FIGURE_OF[row.kind];
        const day = perDay.get(row.day);
        // Days still open (today, and yesterday for the hour after it ends) are not shown in any figure.
        if (!day) continue;
        if (figure) {
          day[figure] += row.count;
          totals[figure] += row.count;
        } else {
          quartiles.set(row.kind, (quartiles.get(row.kind) ?? 0) + row.count);
        }
      }
      const plays = isTimedStory(story.type);
      return {
        storyId,
        title: story.title,
        type: story.type,
        days,
        series: dayList.map((day) => ({ day, ...shownFigures(perDay.get(day)!) })),
        totals: shownFigures(totals),
        listenThrough: plays
          ? [
              { percent: 0, readers: shownCount(totals.plays) },
              ...QUARTILES.map((percent) => ({
                percent,
                readers: shownCount(quartiles.get(quartileKind(percent)) ?? 0),
              })),
            ]
          : null,
      };
    },

    /** My Stories: each of the author's stories over its last 30 closed days, with a sparkline of daily opens. */
    async summary(authorId: string): Promise<InsightsSummary> {
      const at = now();
      const own = (await deps.repository.storiesOf(authorId)).map((story) => {
        const zone = zoneOf(story.place);
        return { ...story, zone, days: released(INSIGHTS.summaryDays, at, zone) };
      });
      const earliest = own.map((story) => story.days[0]!).sort()[0];
      const rows = earliest ? await deps.repository.dailyCounts(own, earliest) : [];
      const byStory = groupBy(rows, (r) => r.storyId);
      return own.map((story) => {
        const shownDays = new Set(story.days);
        const counts = (byStory.get(story.id) ?? []).filter((r) => shownDays.has(r.day));
        const sum = (kind: string) => counts.filter((r) => r.kind === kind).reduce((n, r) => n + r.count, 0);
        const label = engagedLabel(story.type);
        const engagedKind = label === 'listens' || label === 'plays' ? 'play' : label === 'reads' ? 'read' : 'open';
        const opensPerDay = new Map(counts.filter((r) => r.kind === 'open').map((r) => [r.day, r.count]));
        return {
          storyId: story.id,
          unlocks: shownCount(sum('unlock')),
          engaged: shownCount(sum(engagedKind)),
          engagedLabel: label,
          likes: shownCount(sum('like')),
          sparkline: story.days.map((day) => shownCount(opensPerDay.get(day) ?? 0)),
        };
      });
    },

    /** The author's stored day counts for their data export (closed days only, small counts masked as everywhere). */
    async exportFor(authorId: string) {
      const rows = await deps.repository.exportRows(authorId);
      return rows
        .filter((r) => isClosed(r.day, r.place))
        .map((r) => ({ storyId: r.storyId, day: r.day, kind: r.kind, count: shownCount(r.count) }));
    },

    /** Writes the buffered counts now (the plugin's timer and shutdown; tests). */
    flush: async () => {
      await Promise.all([deps.buffer.flush(), deps.tourBuffer.flush()]);
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Whether the walker has reached any of these stops (asked one by one: a visitor's check is a lookup each). */
async function someReached<Stop>(stops: readonly Stop[], reached: (stop: Stop) => Promise<boolean>): Promise<boolean> {
  for (const stop of stops) if (await reached(stop)) return true;
  return false;
}
