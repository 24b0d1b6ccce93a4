/**
 * Turns a stories row into the `Story` JSON a reader receives (common/schemas.ts `storySchema`), deciding the
 * lock on the server (docs/design.md, rules 3-4). A locked story keeps its title, category, type, description,
 * author, duration/word count, distance and lock reason, and never carries content or a media/TikTok URL. An
 * unlocked one carries `content` and only the media/TikTok fields its type has.
 *
 * Usage (e.g. the 201 answer of POST /api/stories, where the author sees their own story unlocked):
 *
 *   import { toStoryView } from './story-view';
 *   const story = toStoryView(row, user.displayName, {
 *     viewerId: user.id,
 *     reader: null,              // or { latitude, longitude } of the reader
 *     now: new Date(),
 *     signer: app.mediaSigner,   // decorated by server/src/media/signer-plugin.ts
 *   });
 *
 * `extra.likedByMe` is set when the caller knows it (signed-in reads); `ctx.weather` is the current weather
 * at the reader's place when a WeatherProvider is configured (undefined: weather locks reported, not enforced).
 */
import { safeDisplayName } from '#common/text';
import type { StoryModeration } from '#common/moderation-schemas';
import { UNLOCK_RADIUS_M } from '#common/constants';
import { haversineMetres, type Point } from '#common/geo';
import { evaluateLock, type LockableStory } from '#common/locks';
import type { Story, Weather } from '#common/schemas';
import type { MapMarker } from '#common/map-schemas';
import type { stories } from '../../db/schema';
import type { MediaUrlSigner } from '../../media/media-urls';
import { createdAtFor, type UnlockGate } from '../location';
import { timeZoneAt } from './time-zone';
import { LOCK_FIELDS, LOCK_KINDS, pickLockValues } from '#common/lock-kinds';
import { MEDIA_KINDS } from '#common/enums';
import { MEDIA_KEY_FIELDS, MEDIA_KIND_SPECS } from '#common/media-kinds';

/** The columns of a stories row a reader's view is built from (reads select these and nothing else). */
export const STORY_VIEW_COLUMNS = [
  'id',
  'title',
  'description',
  'content',
  ...MEDIA_KEY_FIELDS,
  'thumbnailKey',
  'transcriptKey',
  'tiktokUrl',
  'tiktokVideoId',
  'duration',
  'wordCount',
  'latitude',
  'longitude',
  'category',
  'language',
  'type',
  'authorId',
  'likes',
  'traceCount',
  'isPublic',
  'timeRestriction',
  ...LOCK_FIELDS,
  'createdAt',
] as const satisfies readonly (keyof typeof stories.$inferSelect)[];

export type StoryRow = Pick<typeof stories.$inferSelect, (typeof STORY_VIEW_COLUMNS)[number]>;

/**
 * The columns a locked story's view never carries (its content, media keys, transcript and TikTok link), the one list: the
 * reads ship them only for stories within unlock reach (story-queries.ts, the story index) and the view attaches
 * them only once unlocked (below).
 */
export const WITHHELD_COLUMNS = [
  'content',
  ...MEDIA_KEY_FIELDS,
  'thumbnailKey',
  'transcriptKey',
  'tiktokUrl',
  'tiktokVideoId',
] as const satisfies readonly (typeof STORY_VIEW_COLUMNS)[number][];
export type WithheldColumn = (typeof WITHHELD_COLUMNS)[number];

/** Only the withheld columns of a record, in WITHHELD_COLUMNS' order (a plain loop: built per story of a read). */
export function pickWithheld(
  source: Readonly<Record<WithheldColumn, string | null>>,
): Record<WithheldColumn, string | null> {
  const values: Partial<Record<WithheldColumn, string | null>> = {};
  for (const column of WITHHELD_COLUMNS) values[column] = source[column];
  return values as Record<WithheldColumn, string | null>;
}

/** Each withheld column mapped through `f` (a CASE expression, a fetched value), keyed by column. */
export function mapWithheld<T>(f: (column: WithheldColumn) => T): Record<WithheldColumn, T> {
  return Object.fromEntries(WITHHELD_COLUMNS.map((column) => [column, f(column)])) as Record<WithheldColumn, T>;
}

export interface StoryViewContext {
  /** The signed-in reader's user id, or null for a visitor. */
  viewerId: string | null;
  /** Where the reader is; null when the call carries no location (the story is then locked by distance). */
  reader: Point | null;
  now: Date;
  signer: MediaUrlSigner;
  /**
   * Current weather where the reader is: undefined without a provider (weather locks not enforced), null when
   * the configured provider failed (weather locks stay locked).
   */
  weather?: Weather | null;
  /** The reader's position claim and unlock budget (location/location-guard.ts); absent: ordinary locks only. */
  gate?: UnlockGate;
  /**
   * The name of the populated place nearest a point ("Savannah, Georgia"), or null; absent: views carry no
   * `placeName`. Asked with the story's published position only, so the name tells no more than that does.
   */
  placeNameAt?: (point: Point) => string | null;
}

export interface StoryViewExtra {
  likedByMe?: boolean;
  reportedByMe?: boolean;
  unlockedByMe?: boolean;
  moderation?: StoryModeration | null;
}

/**
 * Each author's shown name as a story's `author`, made once and shared (frozen) by every story of theirs: the
 * name's regex runs per token, and every read names the author of each of its stories. Bounded (cleared when
 * full): authors are few next to stories.
 */
const authorViews = new Map<string, Story['author']>();
const MAX_AUTHOR_VIEWS = 10_000;
const NO_AUTHOR_NAME: Story['author'] = Object.freeze({ displayName: null });
function authorView(stored: string | null): Story['author'] {
  if (stored === null) return NO_AUTHOR_NAME;
  let view = authorViews.get(stored);
  if (view === undefined) {
    if (authorViews.size >= MAX_AUTHOR_VIEWS) authorViews.clear();
    // A name stored before display names refused control and bidi characters is shown without them (docs/security.md, "Hardening, third round").
    view = Object.freeze({ displayName: safeDisplayName(stored) });
    authorViews.set(stored, view);
  }
  return view;
}

/** Distances are sent rounded to the metre (a reader's GPS is not more precise than that). */
const roundMetres = (metres: number) => Math.round(metres);
/** A distance-locked story's distance: rounded as usual, but never down to the unlock radius itself. */
const lockedDistance = (metres: number) =>
  Math.max(roundMetres(metres), Math.min(Math.ceil(metres), UNLOCK_RADIUS_M + 1));

/** The columns the lock is decided from (a map marker's read needs no more). */
type LockedRow = Pick<StoryRow, 'id' | 'latitude' | 'longitude' | 'authorId'> & LockableStory;

/** The reader's lock of one story: its rules at the reader's distance, then the position claim and budget. */
function decideLock(row: LockedRow, ctx: StoryViewContext) {
  const exactDistance = ctx.reader ? haversineMetres(ctx.reader, row) : null;
  const isAuthor = ctx.viewerId !== null && ctx.viewerId === row.authorId;
  // evaluateLock reads the time zone only for a kind on the local clock (time of day, season: lock-kinds.ts) for
  // someone other than the author: look it up only then (a time-zone lookup per story per request was measurable).
  // Out of reach, such a lock is judged too, so the story can say every rule that holds it.
  const kind = LOCK_KINDS[row.timeRestriction];
  const needsTimeZone = kind.localClock && !isAuthor && exactDistance !== null;
  // A time window is also said with its zone ("Unlocks 14:00 - 16:00 (Eastern Time)"), so every reader of one
  // gets the zone; other stories need it only to be judged.
  const timeZone = needsTimeZone || kind.namesTimeZone ? timeZoneAt(row.latitude, row.longitude) : 'UTC';
  const ordinaryLock = evaluateLock(row, {
    distance: exactDistance,
    isAuthor,
    now: ctx.now,
    timeZone,
    weather: ctx.weather,
  });
  // The position claim and the unlock budget may lock it further; decided before any content is attached.
  const lock = ctx.gate ? ctx.gate.decide(row, ordinaryLock) : ordinaryLock;
  // Beside a distance lock the distance never rounds down to the limit: 100.4 m is "101", 1 m to go (docs/decisions/014-phone-round-2.md).
  const distance =
    exactDistance === null
      ? null
      : lock.lockReason === 'distance'
        ? lockedDistance(exactDistance)
        : roundMetres(exactDistance);
  return { lock, distance, isAuthor, timeZone };
}

export function toStoryView(
  row: StoryRow,
  authorDisplayName: string | null,
  ctx: StoryViewContext,
  extra: StoryViewExtra = {},
): Story {
  const { lock, distance, isAuthor, timeZone } = decideLock(row, ctx);
  const story: Story = {
    id: row.id,
    title: row.title,
    description: row.description,
    duration: row.duration,
    wordCount: row.wordCount,
    latitude: row.latitude,
    longitude: row.longitude,
    category: row.category,
    language: row.language,
    type: row.type,
    authorId: row.authorId,
    author: authorView(authorDisplayName),
    likes: row.likes,
    traceCount: row.traceCount,
    isPublic: row.isPublic,
    timeRestriction: row.timeRestriction,
    ...pickLockValues(row),
    createdAt: createdAtFor(row.createdAt, isAuthor),
    distance,
    isLocked: lock.isLocked,
    lockReason: lock.lockReason,
  };
  const placeName = ctx.placeNameAt?.({ latitude: row.latitude, longitude: row.longitude });
  if (placeName) story.placeName = placeName;
  if (LOCK_KINDS[row.timeRestriction].namesTimeZone) story.timeZone = timeZone;
  if (lock.isLocked && lock.lockReason === 'distance' && row.timeRestriction !== 'none') {
    // Would the time restriction still hold it at the spot? (Weather is only known within reach.)
    const atTheSpot = evaluateLock(row, { distance: 0, isAuthor, now: ctx.now, timeZone, weather: undefined });
    if (atTheSpot.isLocked && atTheSpot.lockReason) story.lockReasons = ['distance', atTheSpot.lockReason];
  }
  if (extra.likedByMe !== undefined) story.likedByMe = extra.likedByMe;
  if (extra.reportedByMe !== undefined) story.reportedByMe = extra.reportedByMe;
  // Unlocked at some time, or now by this very read (its unlock is recorded as it answers).
  if (extra.unlockedByMe !== undefined) story.unlockedByMe = extra.unlockedByMe || !lock.isLocked;
  if (extra.moderation && isAuthor) story.moderation = extra.moderation;
  if (lock.isLocked) return story;

  // An unlocked story always says its content (null for a media story); a media link or TikTok field only when
  // there is one: a story has one kind of media, and the nearby answers are the hot path (docs/decisions/009-story-index.md).
  story.content = row.content;
  for (const kind of MEDIA_KINDS) {
    const { keyField, urlField } = MEDIA_KIND_SPECS[kind];
    const key = row[keyField];
    if (key) story[urlField] = ctx.signer.sign(key, ctx.now);
  }
  if (row.thumbnailKey) story.thumbnailUrl = ctx.signer.sign(row.thumbnailKey, ctx.now);
  // The transcript or captions file goes out like the media: signed, and only once unlocked (docs/decisions/056-transcripts-and-captions.md).
  if (row.transcriptKey) story.transcriptUrl = ctx.signer.sign(row.transcriptKey, ctx.now);
  if (row.tiktokUrl) story.tiktokUrl = row.tiktokUrl;
  if (row.tiktokVideoId) story.tiktokVideoId = row.tiktokVideoId;
  return story;
}

/** 1e5: five decimals of a degree, about 1 m — a 40 px marker needs no more, and the digits cost bytes on a phone. */
const MARKER_DEGREE_SCALE = 1e5;
const markerDegrees = (degrees: number) => Math.round(degrees * MARKER_DEGREE_SCALE) / MARKER_DEGREE_SCALE;

/**
 * A story as a reader's map marker (decision 024): its lock decided exactly as for the full view (the position
 * claim and the unlock budget included), but nothing else of the view built — no media links, dates or author —
 * since a 1,000-marker answer is the map's hot path. The position to about a metre: a 1,000-marker answer is
 * about 20 % smaller compressed than with full-precision coordinates (bench/map-payload.ts).
 */
/** What a marker is made from: a story row, or the story index's card as it is (no record built per marker). */
export type MarkerRow = LockedRow & Pick<StoryRow, 'category' | 'type'>;

export function toMapMarker(row: MarkerRow, ctx: StoryViewContext): MapMarker {
  const { lock, distance } = decideLock(row, ctx);
  return {
    id: row.id,
    latitude: markerDegrees(row.latitude),
    longitude: markerDegrees(row.longitude),
    category: row.category,
    type: row.type,
    timeRestriction: row.timeRestriction,
    distance,
    isLocked: lock.isLocked,
    lockReason: lock.lockReason,
  };
}
