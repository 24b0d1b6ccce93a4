/** The contract of story drafts and planned tours (docs/decisions/060-story-drafts-and-routes-in.md). */
import { z } from 'zod';
import { storyTypeSchema } from './enum-schemas';
import { latitudeSchema, longitudeSchema } from './location-schemas';
import { DRAFT_MESSAGES } from './drafts';
import { LIMITS } from './constants';
import { publicText } from './public-text';

export const draftIdParamsSchema = z.object({ id: z.string().describe('Draft id (uuid)') });

/** A draft as its author sees it: the fields as sent, the planned place, whether a file came with it. */
export const draftSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: storyTypeSchema,
  latitude: z.number(),
  longitude: z.number(),
  fields: z.record(z.string(), z.string()),
  hasMedia: z.boolean(),
  tourDraftId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

export const draftListSchema = z.object({ drafts: z.array(draftSchema) });

/** PATCH /api/drafts/:id: text fields to replace (the creation form's names; `latitude`/`longitude` move the planned place). */
export const editDraftRequestSchema = z.object(
  {
    fields: z.record(z.string().max(64), z.string().max(100_000), { error: DRAFT_MESSAGES.fieldsRequired }),
  },
  { error: DRAFT_MESSAGES.fieldsRequired },
);

/** POST /api/drafts/:id/pin: where the author stands now (a position claim, as creating a story is). */
export const pinDraftRequestSchema = z.object(
  { latitude: latitudeSchema, longitude: longitudeSchema },
  { error: 'Send your position (latitude and longitude).' },
);

/** POST /api/drafts/import: a GPX, KML or GeoJSON file's text and name; the title defaults to the file's own. */
export const importRouteRequestSchema = z.object(
  {
    fileName: z.string({ error: 'The file name must be text.' }).max(255, 'The file name is too long.').default(''),
    // The text escaped in JSON may be longer than the file; the parser checks the file's own 2 MB.
    text: z.string({ error: 'Choose a GPX, KML or GeoJSON file.' }).max(4_200_000, 'The route file is too large.'),
    title: publicText(
      z
        .string({ error: 'Title must be text' })
        .trim()
        .max(LIMITS.titleMax, `Title must be at most ${LIMITS.titleMax} characters`),
      'Title',
      'single',
    ).optional(),
  },
  { error: 'Choose a GPX, KML or GeoJSON file.' },
);

const plannedStopSchema = z.object({
  draftId: z.uuid(),
  storyId: z.uuid().nullable(),
  title: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  suggested: z.boolean(),
  pinned: z.boolean(),
});

export const plannedTourSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  path: z.array(z.object({ latitude: z.number(), longitude: z.number() })),
  stops: z.array(plannedStopSchema),
  createdAt: z.string(),
});
export type PlannedTour = z.infer<typeof plannedTourSchema>;

export const plannedTourListSchema = z.object({ tours: z.array(plannedTourSchema) });

/** POST /api/drafts/tours/:id/publish: nothing to send (an empty object). */
export const publishPlannedTourRequestSchema = z.object({}, { error: 'Send an empty object.' });
