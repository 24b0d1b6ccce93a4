/**
 * Traces and follows as the API answers them, and their requests (docs/decisions/045-traces-read-where-left.md,
 * 046-follows-daily-digest.md). The texts and limits are traces.ts.
 */
import { z } from 'zod';
import { MODERATION_LIMITS, MODERATION_MESSAGES } from './moderation';
import { reportStoryRequestSchema, appealRequestSchema } from './moderation-schemas';
import { tourSummarySchema } from './tour-schemas';
import { hasUnsafeTraceCharacters, TRACE_LIMITS, TRACE_MESSAGES } from './traces';

const traceTextSchema = z
  .string({ error: TRACE_MESSAGES.textRequired })
  .trim()
  .min(1, TRACE_MESSAGES.textRequired)
  .max(TRACE_LIMITS.textMax, TRACE_MESSAGES.textTooLong)
  .refine((text) => !hasUnsafeTraceCharacters(text), TRACE_MESSAGES.unsafeText);

export const leaveTraceRequestSchema = z.object({ text: traceTextSchema });
/** Read as a stream by the handler: one file field `photo`. */
export const tracePhotoMultipartSchema = z.object({
  photo: z.file().optional().describe('The photo (JPEG, PNG, WebP, GIF)'),
});

/** A trace as a reader sees it: the writer's display name and the UTC day, never a time or a position. */
export const traceSchema = z.object({
  id: z.uuid(),
  storyId: z.uuid(),
  text: z.string(),
  writer: z.object({ displayName: z.string() }),
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  /** A link to the photo (signed in readers only), or null. */
  photoUrl: z.string().nullable(),
  /** The viewer wrote it (may delete it). */
  mine: z.boolean(),
  /** The viewer is the story's author (may hide it). */
  canHide: z.boolean(),
  hidden: z.boolean(),
  /** The author's reason, to the writer of a hidden trace. */
  hiddenReason: z.string().nullable(),
  canAppeal: z.boolean(),
});
export type Trace = z.infer<typeof traceSchema>;

/**
 * A story's traces: `readable` false (and no traces) for everyone the story is not unlocked for; they get the
 * count only.
 */
export const storyTracesSchema = z.object({
  count: z.number().int(),
  readable: z.boolean(),
  /** Whether this reader may leave a trace today. */
  canLeave: z.boolean(),
  traces: z.array(traceSchema),
});
export type StoryTraces = z.infer<typeof storyTracesSchema>;

const pageLimitMessage = `limit must be a whole number from 1 to ${TRACE_LIMITS.pageMax}`;
export const tracePageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: pageLimitMessage })
    .int(pageLimitMessage)
    .min(1, pageLimitMessage)
    .max(TRACE_LIMITS.pageMax, pageLimitMessage)
    .optional(),
  cursor: z.string().max(200, 'Invalid cursor').optional().describe('From the Link header of the previous page'),
});

export const traceIdParamsSchema = z.object({ id: z.string().describe('Trace id (uuid)') });
export const hideTraceRequestSchema = z.object({
  reason: z
    .string({ error: TRACE_MESSAGES.hideReasonRequired })
    .trim()
    .min(1, TRACE_MESSAGES.hideReasonRequired)
    .max(TRACE_LIMITS.hideReasonMax, TRACE_MESSAGES.hideReasonRequired)
    .refine((text) => !hasUnsafeTraceCharacters(text), TRACE_MESSAGES.unsafeText),
});
export const reportTraceRequestSchema = reportStoryRequestSchema;
export const appealTraceRequestSchema = appealRequestSchema;
export const traceResultSchema = z.object({ ok: z.literal(true) });

/** The moderation queue's traces: reported ones and hidings under appeal (moderators only). */
export const traceQueueSchema = z.array(
  z.object({
    traceId: z.uuid(),
    storyId: z.uuid(),
    storyTitle: z.string(),
    text: z.string(),
    writer: z.object({ displayName: z.string() }),
    hidden: z.boolean(),
    hiddenReason: z.string().nullable(),
    /** The trace's photo, to moderators while the trace is before them (GET /api/traces/:id/photo), or null. */
    photoUrl: z.string().nullable(),
    reports: z.array(z.object({ reason: z.string(), note: z.string().nullable() })),
    /** Open reports from reporters in good standing whose account was a day old (the story queue's weight). */
    counted: z.number().int(),
    fromNewAccounts: z.number().int(),
    appeal: z.string().nullable(),
  }),
);
export type TraceQueueItem = z.infer<typeof traceQueueSchema>[number];
export const traceModerationRequestSchema = z.object({
  action: z.enum(['hide', 'restore', 'dismiss']),
  /** Words to the writer when the decision settles their appeal (sent with the notice). */
  note: z
    .string()
    .trim()
    .max(MODERATION_LIMITS.decisionNoteMax, MODERATION_MESSAGES.noteTooLong)
    .refine((text) => !hasUnsafeTraceCharacters(text), TRACE_MESSAGES.unsafeText)
    .optional(),
});
export type TraceModerationRequest = z.infer<typeof traceModerationRequestSchema>;

// ---------- follows ----------
export const authorPageSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  bio: z.string().nullable(),
  publicStoryCount: z.number().int(),
  followerCount: z.number().int(),
  /** Null when signed out or on one's own page. */
  following: z.boolean().nullable(),
  tours: z.array(tourSummarySchema),
});
export type AuthorPage = z.infer<typeof authorPageSchema>;
export const followResultSchema = z.object({ following: z.boolean(), followerCount: z.number().int() });
export const authorIdParamsSchema = z.object({ userId: z.string().describe('Author id (uuid)') });
