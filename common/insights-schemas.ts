/**
 * The insights routes' contract (docs/decisions/018-insights-counts-not-readers.md): the event body and the author's read-outs. Kept apart from the
 * rules in insights.ts so that the reader's first screen, which reports events, does not carry these schemas.
 */
import { z } from 'zod';
import { FEWER_THAN_3, INSIGHT_EVENT_KINDS, INSIGHTS, TOUR_INSIGHT_KINDS, type EngagedLabel } from './insights';

export const insightEventRequestSchema = z.strictObject({
  storyId: z.uuid('storyId must be a story id'),
  kind: z.enum(INSIGHT_EVENT_KINDS, `kind must be one of ${INSIGHT_EVENT_KINDS.join(', ')}`),
});

const shownCountSchema = z.union([z.number().int().min(0), z.literal(FEWER_THAN_3)]);

/** What an author sees per day, per story. `engaged` is listens (audio), plays (video), reads (text) or opens. */
const dailyFigures = {
  unlocks: shownCountSchema,
  opens: shownCountSchema,
  likes: shownCountSchema,
  shares: shownCountSchema,
  plays: shownCountSchema,
  reads: shownCountSchema,
  /** Transcripts opened (audio and video stories). */
  transcripts: shownCountSchema,
};
const insightFiguresSchema = z.object(dailyFigures);
export type InsightFigures = z.infer<typeof insightFiguresSchema>;

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
  /** One entry per closed day in the story’s time zone, oldest first (docs/security.md "Insights count closed days only"). */
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
    engagedLabel: z.enum(['listens', 'plays', 'reads', 'opens'] satisfies EngagedLabel[]),
    likes: shownCountSchema,
    /** Opens per day, oldest first (30 values). */
    sparkline: z.array(shownCountSchema),
  }),
);
export type InsightsSummary = z.infer<typeof insightsSummarySchema>;

/** POST /api/insights/tour-events: `storyId` names the stop reached (kind "stop" only). */
export const tourInsightEventRequestSchema = z
  .strictObject({
    tourId: z.uuid('tourId must be a tour id'),
    kind: z.enum(TOUR_INSIGHT_KINDS, `kind must be one of ${TOUR_INSIGHT_KINDS.join(', ')}`),
    storyId: z.uuid('storyId must be a story id').optional(),
  })
  .refine((e) => (e.kind === 'stop') === (e.storyId !== undefined), {
    message: 'storyId is required for a "stop" event and taken for no other',
    path: ['storyId'],
  });

const tourFigures = { starts: shownCountSchema, stops: shownCountSchema, completions: shownCountSchema };
const tourInsightFiguresSchema = z.object(tourFigures);
export type TourInsightFigures = z.infer<typeof tourInsightFiguresSchema>;

/** GET /api/insights/tours/:id?days: the author’s tour, per closed day (at its first stop) and in total. */
export const tourInsightsSchema = z.object({
  tourId: z.uuid(),
  days: z.number().int(),
  series: z.array(tourInsightFiguresSchema.extend({ day: z.string() })),
  totals: tourInsightFiguresSchema,
});
export type TourInsights = z.infer<typeof tourInsightsSchema>;
