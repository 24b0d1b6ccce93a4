/**
 * The contract between client and server (docs/design.md, parts 3, 5 and 7). Server routes parse requests with these
 * schemas and client forms validate with the same ones, so every field rule and message lives here once.
 */
import { z } from 'zod';
import { CATEGORIES, type Category } from './categories';
import { LIMITS, MEDIA } from './constants';
import { publicText } from './public-text';
import { parseTikTokUrl } from './tiktok';
import { incompleteLock, LOCK_FIELDS, LOCK_MESSAGES, lockValuesFor } from './lock-kinds';
import { lockCreateShape, lockEditShape, lockValueShape } from './lock-schemas';
import { storyModerationSchema } from './moderation-schemas';
import { STORY_TYPES, TIME_RESTRICTIONS } from './enums';
import { MESSAGES } from './messages';
import { lockReasonSchema, storyTypeSchema, timeRestrictionSchema } from './enum-schemas';

import { latitudeSchema, longitudeSchema } from './location-schemas';
import { isTextStory } from './story-types';
import { mediaUrlShape } from './media-schemas';
import { languageSchema } from './language-schemas';

export * from './enums';
export * from './messages';
export * from './enum-schemas';
export * from './location-schemas';
export * from './notification-schemas';
export * from './user-schemas';

// ---------- stories ----------
const STORY_CREATE_MESSAGES = {
  category: `Category must be one of: ${CATEGORIES.join(', ')}`,
  type: `Type must be one of: ${STORY_TYPES.join(', ')}`,
  isPublic: 'isPublic must be "true" or "false"',
  timeRestriction: LOCK_MESSAGES.timeRestriction,
  season: LOCK_MESSAGES.season,
  weather: LOCK_MESSAGES.weather,
  timeWindow: LOCK_MESSAGES.timeWindow,
  duration: 'Duration must be a number of seconds.',
} as const;

/** Browsers send multipart text with CRLF line breaks; stories store plain LF. */
const normaliseLineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');

/** A multipart text value; a repeated or non-text value is refused with `message`. */
const formText = (message: string) => z.string({ error: message });

// The story fields both create and edit take, with one set of rules and messages; the texts others see follow
// the public-text rule (text.ts).
const titleText = publicText(
  formText('Title must be text').trim().max(LIMITS.titleMax, `Title must be at most ${LIMITS.titleMax} characters`),
  'Title',
  'single',
);
const descriptionText = publicText(
  formText('Description must be text')
    .trim()
    .max(LIMITS.descriptionMax, `Description must be at most ${LIMITS.descriptionMax} characters`),
  'Description',
  'multi',
);
const categoryText = formText(STORY_CREATE_MESSAGES.category)
  .trim()
  .max(LIMITS.categoryMax, STORY_CREATE_MESSAGES.category);
const contentText = publicText(
  formText('Content must be text').max(LIMITS.contentMax, `Content must be at most ${LIMITS.contentMax} characters`),
  'Content',
  'multi',
);
const timeRestrictionField = z.enum(TIME_RESTRICTIONS, { error: STORY_CREATE_MESSAGES.timeRestriction });

/**
 * Non-file fields of POST /api/stories (docs/design.md, part 7; multipart values arrive as strings). Unknown fields are
 * ignored. The rules run in the order of docs/design.md, part 5, so the first message is the one the spec would show;
 * the files (audio/image/video) are checked by the server after these fields. Parsing yields the normalised
 * story: trimmed texts, numbers, and only the time-lock fields that belong to the chosen restriction.
 */
export const createStoryFieldsSchema = z
  .object({
    title: titleText.default(''),
    description: descriptionText.optional(),
    category: categoryText.default(''),
    type: z.enum(STORY_TYPES, { error: STORY_CREATE_MESSAGES.type }).default('audio'),
    latitude: formText('Latitude must be a number')
      .trim()
      .max(LIMITS.numberTextMax, 'Latitude must be a number')
      .default(''),
    longitude: formText('Longitude must be a number')
      .trim()
      .max(LIMITS.numberTextMax, 'Longitude must be a number')
      .default(''),
    isPublic: z.enum(['true', 'false'], { error: STORY_CREATE_MESSAGES.isPublic }).default('true'),
    content: contentText.optional(),
    // A browser reports a freshly recorded WebM's duration as Infinity (or NaN): that means "unknown", and the
    // server then measures the file, as it does when the field is absent.
    duration: formText(STORY_CREATE_MESSAGES.duration)
      .trim()
      .max(LIMITS.numberTextMax, STORY_CREATE_MESSAGES.duration)
      .transform((v) => (v === 'Infinity' || v === 'NaN' ? '' : v))
      .optional(),
    tiktokUrl: formText('TikTok URL must be text').trim().max(2_000, MESSAGES.invalidTikTokUrl).optional(),
    tiktokVideoId: formText('TikTok video id must be text').trim().max(64).optional(),
    timeRestriction: timeRestrictionField.default('none'),
    ...lockCreateShape,
    /** The story's language (docs/decisions/061-stories-carry-their-language.md); absent: the author's. */
    language: languageSchema.optional(),
  })
  .loose()
  .superRefine((f, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    // docs/design.md, part 5: title, category and location first, with one message.
    if (!f.title || !f.category || !f.latitude || !f.longitude) {
      return fail(MESSAGES.missingInformation, !f.title ? 'title' : !f.category ? 'category' : 'latitude');
    }
    if (!(CATEGORIES as readonly string[]).includes(f.category))
      return fail(STORY_CREATE_MESSAGES.category, 'category');
    for (const [name, schema] of [
      ['latitude', latitudeSchema],
      ['longitude', longitudeSchema],
    ] as const) {
      const parsed = schema.safeParse(f[name]);
      if (!parsed.success) return fail(parsed.error.issues[0]!.message, name);
    }
    if (isTextStory(f.type) && !f.content?.trim()) return fail(MESSAGES.missingContent, 'content');
    if (f.type === 'tiktok') {
      if (!f.tiktokUrl) return fail(MESSAGES.missingTikTokUrl, 'tiktokUrl');
      if (!parseTikTokUrl(f.tiktokUrl)) return fail(MESSAGES.invalidTikTokUrl, 'tiktokUrl');
    }
    if (f.duration && parseDuration(f.duration) === null) return fail(STORY_CREATE_MESSAGES.duration, 'duration');
    // Start and end come together or not at all, whatever the restriction.
    if (!f.unlockStartTime !== !f.unlockEndTime) return fail(STORY_CREATE_MESSAGES.timeWindow, 'unlockStartTime');
  })
  .transform((f) => {
    const restriction = f.timeRestriction;
    const content = f.content?.trim() ? normaliseLineBreaks(f.content) : null;
    const tiktok = f.type === 'tiktok' ? parseTikTokUrl(f.tiktokUrl) : null;
    return {
      title: f.title,
      description: f.description ? normaliseLineBreaks(f.description) : null,
      category: f.category as Category,
      type: f.type,
      latitude: latitudeSchema.parse(f.latitude),
      longitude: longitudeSchema.parse(f.longitude),
      isPublic: f.isPublic === 'true',
      content,
      /** Seconds from the form; null when absent or zero (the server then measures the file). */
      duration: f.duration ? parseDuration(f.duration) || null : null,
      tiktokUrl: tiktok?.url ?? null,
      tiktokVideoId: tiktok?.videoId ?? null,
      timeRestriction: restriction,
      ...lockValuesFor(restriction, f),
      /** Null: the author's language (the server reads it when it writes the story). */
      language: f.language ?? null,
    };
  });
export type CreateStoryData = z.output<typeof createStoryFieldsSchema>;

/** What an author may change on a story (docs/design.md, rule 13); its type, media and place stay as created. */
const EDITABLE_STORY_FIELDS = [
  'title',
  'description',
  'category',
  'language',
  'content',
  'timeRestriction',
  ...LOCK_FIELDS,
  // docs/decisions/016-walk-mode-and-tours.md: an author may switch a story between public and private (it then drops out of tours).
  'isPublic',
] as const;

export const STORY_EDIT_MESSAGES = {
  fixedField: (field: string) =>
    `${field} cannot be changed: only the title, description, category, language, text content, time lock and visibility of a story can be edited.`,
  isPublicNotBoolean: 'isPublic must be true or false',
  nothingToChange: 'Nothing to change: send at least one of the editable fields.',
  lockWithoutRestriction: 'Send timeRestriction with the time-lock fields: the time lock is replaced as a whole.',
  contentNotText: 'Only text stories have text content to edit.',
  notAnObject: 'Send the changes as a JSON object, e.g. { "title": "…" }.',
} as const;

/**
 * PATCH /api/stories/:id (JSON): any of EDITABLE_STORY_FIELDS, checked with the same rules and messages as
 * create, and `isPublic` (docs/decisions/016-walk-mode-and-tours.md). Any other field (type, latitude, longitude, media, TikTok URL, duration…) is refused with a
 * 400 naming it. The time lock is replaced as a whole: `timeRestriction` with the fields it needs (both times
 * for time_of_day, the season, the weather). `description` '' or null clears it. Parsing yields only what changes.
 */
export const editStoryRequestSchema = z
  .object(
    {
      title: titleText.optional(),
      description: descriptionText.nullable().optional(),
      category: categoryText.optional(),
      language: languageSchema.optional(),
      content: contentText.optional(),
      timeRestriction: timeRestrictionField.optional(),
      ...lockEditShape,
      isPublic: z.boolean({ error: STORY_EDIT_MESSAGES.isPublicNotBoolean }).optional(),
    },
    { error: STORY_EDIT_MESSAGES.notAnObject },
  )
  .loose()
  .superRefine((f, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const fixed = Object.keys(f).find((key) => !(EDITABLE_STORY_FIELDS as readonly string[]).includes(key));
    if (fixed !== undefined) return fail(STORY_EDIT_MESSAGES.fixedField(fixed), fixed);
    if (Object.values(f).every((value) => value === undefined))
      return fail(STORY_EDIT_MESSAGES.nothingToChange, 'title');
    if (f.title !== undefined && !f.title) return fail(MESSAGES.missingInformation, 'title');
    if (f.category !== undefined) {
      if (!f.category) return fail(MESSAGES.missingInformation, 'category');
      if (!(CATEGORIES as readonly string[]).includes(f.category))
        return fail(STORY_CREATE_MESSAGES.category, 'category');
    }
    if (f.content !== undefined && !f.content.trim()) return fail(MESSAGES.missingContent, 'content');
    const lockFieldSent = LOCK_FIELDS.find((key) => f[key] !== undefined);
    if (f.timeRestriction === undefined) {
      if (lockFieldSent) return fail(STORY_EDIT_MESSAGES.lockWithoutRestriction, lockFieldSent);
      return;
    }
    const incomplete = incompleteLock(f.timeRestriction, f);
    if (incomplete) return fail(incomplete.message, incomplete.field);
  })
  .transform((f) => {
    const restriction = f.timeRestriction;
    return {
      title: f.title,
      description: f.description === undefined ? undefined : f.description ? normaliseLineBreaks(f.description) : null,
      category: f.category as Category | undefined,
      language: f.language,
      content: f.content === undefined ? undefined : normaliseLineBreaks(f.content),
      isPublic: f.isPublic,
      timeLock:
        restriction === undefined ? undefined : { timeRestriction: restriction, ...lockValuesFor(restriction, f) },
    };
  });
export type EditStoryRequest = z.input<typeof editStoryRequestSchema>;
export type EditStoryChanges = z.output<typeof editStoryRequestSchema>;

/** Seconds from a form value such as "42" or "12.5"; null unless a finite number up to MEDIA.maxDurationSeconds. */
function parseDuration(value: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(value.trim())) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds <= MEDIA.maxDurationSeconds ? seconds : null;
}

const authorSchema = z.object({ displayName: z.string().nullable() });

/** A story as the server sends it to a reader. Locked stories omit content and every media/TikTok URL. */
export const storySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string().nullable().optional(),
  ...mediaUrlShape(z.string().nullable().optional()),
  thumbnailUrl: z.string().nullable().optional(),
  /**
   * An audio story's transcript or a video's captions (docs/decisions/056-transcripts-and-captions.md), signed like
   * the media: `….vtt` (timed cues) or `….txt` (plain paragraphs); only on an unlocked story that has one.
   */
  transcriptUrl: z.string().optional(),
  tiktokUrl: z.string().nullable().optional(),
  tiktokVideoId: z.string().nullable().optional(),
  duration: z.number().int().nullable(),
  wordCount: z.number().int().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  category: z.string(),
  /** The language its text is in, a canonical BCP 47 tag (docs/decisions/061-stories-carry-their-language.md). */
  language: z.string(),
  type: storyTypeSchema,
  authorId: z.uuid(),
  author: authorSchema,
  likes: z.number().int(),
  /**
   * Its traces shown to readers (not hidden): a count only, the same for every reader, locked or not
   * (docs/decisions/050-trace-counts-on-cards.md); the traces themselves come from their own route.
   */
  traceCount: z.number().int(),
  likedByMe: z.boolean().optional(),
  /** The signed-in reader has reported this story (the dialog says "Reported"); sent by the one-story read. */
  reportedByMe: z.boolean().optional(),
  /**
   * The signed-in reader has had this story unlocked at some time (sent by the one-story read): likes and reports
   * need it, so a locked story says so before its report form opens (docs/security.md, "Likes and reports").
   */
  unlockedByMe: z.boolean().optional(),
  /** To the author only, while the story is hidden: the decision that hid it, to read and appeal. */
  moderation: storyModerationSchema.optional(),
  isPublic: z.boolean(),
  timeRestriction: timeRestrictionSchema,
  ...lockValueShape,
  /** The story's IANA time zone, which a time-of-day window is read in; sent with such a lock only. */
  timeZone: z.string().optional(),
  createdAt: z.string(),
  distance: z.number().nullable(),
  isLocked: z.boolean(),
  lockReason: lockReasonSchema.nullable(),
  /**
   * The populated place nearest the story's published position ("Savannah, Georgia"), from the offline gazetteer
   * (docs/decisions/040-offline-gazetteer.md); absent where none is within 25 km.
   */
  placeName: z.string().optional(),
  /**
   * Every rule holding a locked story when more than one does (docs/decisions/014-phone-round-2.md): a story out of reach whose time
   * lock would hold it too says both, so the reader does not walk there to find it still locked.
   */
  lockReasons: z.array(lockReasonSchema).optional(),
});
export type Story = z.infer<typeof storySchema>;

/** The report call's body: a reason code and an optional note (common/moderation.ts). */
export { reportStoryRequestSchema } from './moderation-schemas';

export const likeResponseSchema = z.object({ likes: z.number().int(), liked: z.boolean() });
/** 201 the first time, 200 when the same user reports the story again (nothing stored twice). */
export const reportResponseSchema = z.object({ reported: z.literal(true) });
/** Every error the API sends has this shape. */
export const errorResponseSchema = z.object({ message: z.string() });
