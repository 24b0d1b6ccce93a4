/**
 * Authors' insights (issue 27, DESIGN.md decision 19): counts, never readers. The shared contract of the event
 * route and of the author's read-outs, with the two rules both sides apply: a text's reading time and the
 * small-count rule (any count from 1 to 2 leaves the server as "fewer than 3"; 0 stays 0).
 */
import { z } from 'zod';
import { countWords } from './text';

/** What a reader's client reports. Unlocks and likes are not events: they come from their own records. */
export const INSIGHT_EVENT_KINDS = ['open', 'share', 'play', 'q25', 'q50', 'q75', 'q100', 'read'] as const;
export type InsightEventKind = (typeof INSIGHT_EVENT_KINDS)[number];

/** The listen-through quartiles, in the order a player reaches them. */
export const QUARTILES = [25, 50, 75, 100] as const;
export type Quartile = (typeof QUARTILES)[number];
export const quartileKind = (quartile: Quartile) => `q${quartile}` as const;

export const INSIGHTS = {
  /** Reading speed for a text story's "read", words a minute. */
  wordsPerMinute: 250,
  /** A long text counts as read after at most this long. */
  readCapMs: 60_000,
  /** Counts below this leave the server as the marker (1 and 2; 0 stays 0). */
  smallCountBelow: 3,
  /** The periods the author may choose, in days. */
  periods: [7, 30, 90] as const,
  /** My Stories summarises this many days. */
  summaryDays: 30,
} as const;

export const FEWER_THAN_3 = 'fewer than 3' as const;

/** How long a text of this many words takes to read at 250 words a minute, capped at 60 s (ms). */
export function readingTimeMs(text: string | null | undefined): number {
  const words = countWords(text);
  return Math.min(INSIGHTS.readCapMs, Math.ceil((words / INSIGHTS.wordsPerMinute) * 60_000));
}

/** A count as it may leave the server: 0, 3 and more as they are, 1 and 2 as "fewer than 3". */
export type ShownCount = number | typeof FEWER_THAN_3;

export function shownCount(count: number): ShownCount {
  return count > 0 && count < INSIGHTS.smallCountBelow ? FEWER_THAN_3 : count;
}

/** Text for a shown count ("fewer than 3" stays words). */
export function shownCountText(count: ShownCount): string {
  return typeof count === 'number' ? count.toLocaleString('en-US') : count;
}

// ----- contract -----

export const insightEventRequestSchema = z.strictObject({
  storyId: z.uuid('storyId must be a story id'),
  kind: z.enum(INSIGHT_EVENT_KINDS, `kind must be one of ${INSIGHT_EVENT_KINDS.join(', ')}`),
});
export type InsightEventRequest = z.infer<typeof insightEventRequestSchema>;

const shownCountSchema = z.union([z.number().int().min(0), z.literal(FEWER_THAN_3)]);

/** What an author sees per day, per story. `engaged` is listens (audio), plays (video), reads (text) or opens. */
const dailyFigures = {
  unlocks: shownCountSchema,
  opens: shownCountSchema,
  likes: shownCountSchema,
  shares: shownCountSchema,
  plays: shownCountSchema,
  reads: shownCountSchema,
};
export const insightFiguresSchema = z.object(dailyFigures);
export type InsightFigures = z.infer<typeof insightFiguresSchema>;
export const INSIGHT_FIGURES = Object.keys(dailyFigures) as (keyof InsightFigures)[];

export const insightsPeriodQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((d) => (INSIGHTS.periods as readonly number[]).includes(d), 'days must be 7, 30 or 90')
    .default(30)
    .describe('Period in days: 7, 30 or 90'),
});

export const storyInsightsSchema = z.object({
  storyId: z.uuid(),
  title: z.string(),
  type: z.string(),
  days: z.number().int(),
  /** One entry per UTC day, oldest first, the last one today. */
  series: z.array(insightFiguresSchema.extend({ day: z.string() })),
  totals: insightFiguresSchema,
  /** Readers who started (0) and reached each quartile; null for stories that do not play. */
  listenThrough: z.array(z.object({ percent: z.number().int(), readers: shownCountSchema })).nullable(),
});
export type StoryInsights = z.infer<typeof storyInsightsSchema>;

export const insightsSummarySchema = z.array(
  z.object({
    storyId: z.uuid(),
    /** Last 30 days. */
    unlocks: shownCountSchema,
    /** Listens (audio), plays (video), reads (text), opens (pictures and TikTok). */
    engaged: shownCountSchema,
    engagedLabel: z.enum(['listens', 'plays', 'reads', 'opens']),
    likes: shownCountSchema,
    /** Opens per day, oldest first (30 values). */
    sparkline: z.array(shownCountSchema),
  }),
);
export type InsightsSummary = z.infer<typeof insightsSummarySchema>;

/** What "listens or reads" means for a story type. */
export function engagedLabel(type: string): InsightsSummary[number]['engagedLabel'] {
  if (type === 'audio') return 'listens';
  if (type === 'video') return 'plays';
  if (type === 'text') return 'reads';
  return 'opens';
}

/** The event kinds a story type accepts (plays and quartiles for media, "read" for text). */
export function acceptsEvent(type: string, kind: InsightEventKind): boolean {
  if (kind === 'read') return type === 'text';
  if (kind === 'open' || kind === 'share') return true;
  return type === 'audio' || type === 'video';
}

/** One day's stored counts in the data export (the author's own stories only; small counts masked). */
export const insightExportRowSchema = z.object({ storyId: z.uuid(), day: z.string(), kind: z.string(), count: shownCountSchema });
