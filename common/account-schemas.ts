/** Your account and your data (docs/design.md, rule 13): deleting the account, and the export of everything kept about you. */
import { z } from 'zod';
import { FEWER_THAN_3 } from './insights';
import { MESSAGES } from './messages';
import { storyTypeSchema, timeRestrictionSchema } from './enum-schemas';
import { lockValueShape } from './lock-schemas';
import { mediaUrlShape } from './media-schemas';
import { currentUserSchema } from './schemas';

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'That password is not right. Your account was not deleted.',
  deleted: 'Your account and everything in it have been deleted.',
} as const;

/** DELETE /api/account: the account's password, to confirm. */
export const deleteAccountRequestSchema = z.object(
  {
    password: z
      .string({ error: MESSAGES.passwordRequired })
      .min(1, MESSAGES.passwordRequired)
      .max(256, MESSAGES.passwordRequired),
  },
  { error: MESSAGES.passwordRequired },
);
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/**
 * GET /api/account/export: everything the app keeps about the signed-in user, as one JSON file. Never a password
 * hash, a session token or a reset code. Media links are signed and valid for a day.
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: currentUserSchema.extend({ createdAt: z.string() }),
  stories: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      description: z.string().nullable(),
      content: z.string().nullable(),
      type: storyTypeSchema,
      category: z.string(),
      /** docs/decisions/061-stories-carry-their-language.md */
      language: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      isPublic: z.boolean(),
      hiddenByReports: z.boolean(),
      likes: z.number().int(),
      duration: z.number().int().nullable(),
      wordCount: z.number().int().nullable(),
      tiktokUrl: z.string().nullable(),
      timeRestriction: timeRestrictionSchema,
      ...lockValueShape,
      createdAt: z.string(),
      /** Signed links to the story's files, valid for a day (null when the story has no such file). */
      media: z.object({
        ...mediaUrlShape(z.string().nullable()),
        thumbnailUrl: z.string().nullable(),
        expiresAt: z.string(),
      }),
    }),
  ),
  likesGiven: z.array(z.object({ storyId: z.uuid(), title: z.string().nullable(), likedAt: z.string() })),
  /** The user's walking tours (docs/decisions/016-walk-mode-and-tours.md), each with its stops' story ids in walking order. */
  tours: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      description: z.string().nullable(),
      storyIds: z.array(z.uuid()),
      createdAt: z.string(),
      /** The tour as route files (docs/decisions/054-tours-as-gpx-and-geojson.md), with every stop the author set. */
      gpx: z.string(),
      geojson: z.custom<object>().describe('GeoJSON FeatureCollection'),
    }),
  ),
  /** Your planned stories (docs/decisions/060-story-drafts-and-routes-in.md): the fields as kept, a link to the file. */
  drafts: z.array(
    z.object({
      id: z.uuid(),
      latitude: z.number(),
      longitude: z.number(),
      fields: z.record(z.string(), z.string()),
      mediaUrl: z.string().nullable(),
      tourDraftId: z.uuid().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Your planned tours, their stops in order (a story id once pinned). */
  plannedTours: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      path: z.array(z.object({ latitude: z.number(), longitude: z.number() })),
      stops: z.array(z.object({ draftId: z.uuid(), storyId: z.uuid().nullable(), title: z.string() })),
      createdAt: z.string(),
    }),
  ),
  /** The day counts of your stories' insights (docs/decisions/018-insights-counts-not-readers.md): counts only, 1 and 2 as "fewer than 3". */
  insights: z.array(
    z.object({
      storyId: z.uuid(),
      day: z.string(),
      kind: z.string(),
      count: z.union([z.number().int().min(0), z.literal(FEWER_THAN_3)]),
    }),
  ),
  /** The day counts of your tours' insights (docs/decisions/018-insights-counts-not-readers.md: start, stop, complete), masked the same way. */
  tourInsights: z.array(
    z.object({
      tourId: z.uuid(),
      day: z.string(),
      kind: z.string(),
      count: z.union([z.number().int().min(0), z.literal(FEWER_THAN_3)]),
    }),
  ),
  /** The traces you left (docs/decisions/045-traces-read-where-left.md): text, UTC day, story, photo link. */
  traces: z.array(
    z.object({
      id: z.uuid(),
      storyId: z.uuid(),
      storyTitle: z.string(),
      text: z.string(),
      day: z.string(),
      hidden: z.boolean(),
      photoUrl: z.string().nullable(),
    }),
  ),
  /** The authors you follow (never who follows you). */
  follows: z.array(z.object({ authorId: z.uuid(), displayName: z.string(), since: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
