/** The /api/moderation…, /api/admin… and /api/blocks… calls' requests and answers (moderation.ts: the rules and texts). */
import { z } from 'zod';
import { mediaUrlShape } from './media-schemas';
import {
  APPEAL_OUTCOMES,
  APPEAL_STATUSES,
  DECISION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  ROLES,
  STORY_ACTIONS,
  USER_ACTIONS,
} from './moderation';

const reasonSchema = z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reasonRequired });
const optionalNote = (max: number, message: string) => z.string().trim().max(max, message).optional();

export const reportStoryRequestSchema = z.object({
  reason: reasonSchema,
  note: optionalNote(MODERATION_LIMITS.reportNoteMax, MODERATION_MESSAGES.reportNoteTooLong),
});
export type ReportStoryRequest = z.infer<typeof reportStoryRequestSchema>;

/** The author's view of the decision that hid their story (in their story's answer). */
export const storyModerationSchema = z.object({
  decisionId: z.uuid(),
  action: z.enum(DECISION_ACTIONS),
  reason: z.string(),
  /** The moderator's words to the author (null without one, and for an automatic hide). */
  note: z.string().nullable(),
  automatic: z.boolean(),
  createdAt: z.string(),
});
export type StoryModeration = z.infer<typeof storyModerationSchema>;

export const storyDecisionRequestSchema = z.object({
  action: z.enum(STORY_ACTIONS, { error: `action must be one of: ${STORY_ACTIONS.join(', ')}` }),
  reason: reasonSchema,
  note: optionalNote(MODERATION_LIMITS.decisionNoteMax, MODERATION_MESSAGES.noteTooLong),
});
export type StoryDecisionRequest = z.infer<typeof storyDecisionRequestSchema>;

export const userDecisionRequestSchema = z.object({
  action: z.enum(USER_ACTIONS, { error: `action must be one of: ${USER_ACTIONS.join(', ')}` }),
  reason: reasonSchema,
  note: optionalNote(MODERATION_LIMITS.decisionNoteMax, MODERATION_MESSAGES.noteTooLong),
  days: z
    .number({ error: MODERATION_MESSAGES.suspendDays })
    .int(MODERATION_MESSAGES.suspendDays)
    .min(MODERATION_LIMITS.suspendDaysMin, MODERATION_MESSAGES.suspendDays)
    .max(MODERATION_LIMITS.suspendDaysMax, MODERATION_MESSAGES.suspendDays)
    .optional(),
  /** The story that led to it, when there is one (for the history and the author's notice). */
  storyId: z.uuid().optional(),
});
export type UserDecisionRequest = z.infer<typeof userDecisionRequestSchema>;

const decisionSchema = z.object({
  id: z.uuid(),
  action: z.enum(DECISION_ACTIONS),
  reason: z.string(),
  note: z.string().nullable(),
  automatic: z.boolean(),
  storyId: z.uuid().nullable(),
  storyTitle: z.string().nullable(),
  suspendDays: z.number().int().nullable(),
  reversed: z.boolean(),
  createdAt: z.string(),
});
export type Decision = z.infer<typeof decisionSchema>;

export const decisionResultSchema = z.object({ decision: decisionSchema });

/** The author's own decisions, with what they may still do about each. */
const myDecisionSchema = decisionSchema.extend({
  appealable: z.boolean(),
  appealableUntil: z.string().nullable(),
  appeal: z.object({ status: z.enum(APPEAL_STATUSES), text: z.string(), createdAt: z.string() }).nullable(),
});
export const myDecisionsSchema = z.array(myDecisionSchema);
export type MyDecision = z.infer<typeof myDecisionSchema>;

export const appealRequestSchema = z.object({
  text: z
    .string({ error: MODERATION_MESSAGES.appealRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.appealRequired)
    .max(MODERATION_LIMITS.appealMax, MODERATION_MESSAGES.appealTooLong),
});
export const appealResultSchema = z.object({ appealId: z.uuid(), status: z.enum(APPEAL_STATUSES) });

export const appealResolutionRequestSchema = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { error: `outcome must be one of: ${APPEAL_OUTCOMES.join(', ')}` }),
  note: optionalNote(MODERATION_LIMITS.decisionNoteMax, MODERATION_MESSAGES.noteTooLong),
});

/** One item of the queue: a story with open reports or an open appeal (story null: an appeal about the account or a removed story). */
const queueItemSchema = z.object({
  story: z
    .object({
      id: z.uuid(),
      title: z.string(),
      description: z.string().nullable(),
      content: z.string().nullable(),
      type: z.string(),
      category: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      isPublic: z.boolean(),
      hidden: z.boolean(),
      createdAt: z.string(),
      ...mediaUrlShape(z.string().optional()),
      tiktokUrl: z.string().optional(),
    })
    .nullable(),
  author: z.object({
    id: z.uuid(),
    username: z.string(),
    displayName: z.string(),
    role: z.enum(ROLES),
    suspendedUntil: z.string().nullable(),
    banned: z.boolean(),
  }),
  /** Counted reports (accounts a day old that unlocked it, not suspended): the queue's first order. */
  weight: z.number().int(),
  /** Every open report, and those from accounts under a day old when they reported (the queue says why a report does not count). */
  openReports: z.number().int(),
  fromNewAccounts: z.number().int(),
  lastReportAt: z.string().nullable(),
  reports: z.array(z.object({ reason: z.string(), count: z.number().int(), notes: z.array(z.string()) })),
  appeal: z
    .object({
      id: z.uuid(),
      text: z.string(),
      createdAt: z.string(),
      decision: decisionSchema,
      decidedByYou: z.boolean(),
    })
    .nullable(),
  history: z.array(decisionSchema),
});
export const queueSchema = z.array(queueItemSchema);
export type QueueItem = z.infer<typeof queueItemSchema>;

export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int()
    .min(1)
    .max(MODERATION_LIMITS.auditPageMax)
    .optional(),
});
const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string().nullable(),
  event: z.string(),
  subjectUserId: z.uuid().nullable(),
  storyId: z.uuid().nullable(),
  decisionId: z.uuid().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  detail: z.string().nullable(),
});
export const auditListSchema = z.array(auditEntrySchema);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const roleRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(50, 'Username is required'),
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}` }),
});
export const roleResultSchema = z.object({ username: z.string(), role: z.enum(ROLES) });

export const userIdParamsSchema = z.object({ userId: z.string().describe('User id (uuid)') });
export const idParamsSchema = z.object({ id: z.string().describe('Id (uuid)') });

const blockSchema = z.object({ userId: z.uuid(), displayName: z.string(), createdAt: z.string() });
export const blockListSchema = z.array(blockSchema);
export const blockResultSchema = z.object({ blocked: z.boolean() });
