/**
 * The contract's closed lists (docs/design.md, part 3): story types, time locks, seasons, weathers, lock reasons,
 * notification kinds, with their types. No zod here, so the first screen's code can read them without the
 * validator (bench/README.md); their zod enums are enum-schemas.ts. Re-exported by schemas.ts, with the spec's messages
 * (messages.ts).
 */

export const STORY_TYPES = ['audio', 'text', 'image', 'video', 'tiktok'] as const;
/** The kinds of file a story can carry (common/media-kinds.ts describes each). */
export const MEDIA_KINDS = ['audio', 'image', 'video'] as const;
/** The lock kinds (common/lock-kinds.ts describes each); each is also the lock reason it yields. */
const TIME_LOCK_KINDS = ['time_of_day', 'season', 'weather'] as const;
export const TIME_RESTRICTIONS = ['none', ...TIME_LOCK_KINDS] as const;
export const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const;
export const WEATHERS = ['sunny', 'rainy', 'cloudy', 'stormy'] as const;
export const NOTIFICATION_TYPES = [
  'story_nearby',
  'story_unlocked',
  'story_liked',
  'time_locked',
  'story_hidden',
  /** A statement of reasons to the person a moderation decision is about (docs/design.md, rule 18). */
  'moderation_decision',
  /** To a reporter: what came of their report ("Action taken" / "No rule broken found"). */
  'report_outcome',
  /** To a story's author: readers left traces on it (grouped per story while unread). */
  'trace_left',
  /** To a trace's writer: the story's author hid it, with the reason (one appeal). */
  'trace_hidden',
  /** To a follower: the daily digest of the authors they follow (never at the moment of publishing). */
  'follow_digest',
  'other',
] as const;
export const SMART_NOTIFICATION_TYPES = ['nearby', 'weather', 'discovery', 'recommendation', 'other'] as const;
export const SMART_PRIORITIES = ['high', 'medium', 'low', 'other'] as const;
/**
 * Preferred type offered by the setup wizard: every story type, the spec's three first
 * (docs/decisions/051-walker-stumbles-fourth-round.md).
 */
export const FAVORITE_STORY_TYPES = ['audio', 'text', 'image', 'video', 'tiktok'] as const;
/**
 * Why a story is locked. Besides distance and time: the reader's position claim was refused (`location`: no
 * position; `travel`: an impossible jump in the last 15 minutes; `accuracy`: a fix worse than 100 m) or the
 * reader's hourly budget of new unlocks is spent (`budget`) — docs/design.md, rule 11.
 */
export const LOCK_REASONS = ['distance', ...TIME_LOCK_KINDS, 'location', 'travel', 'accuracy', 'budget'] as const;
export const TIMES_OF_DAY = ['night', 'morning', 'afternoon', 'evening'] as const;

export type StoryType = (typeof STORY_TYPES)[number];
export type MediaKind = (typeof MEDIA_KINDS)[number];
export type TimeRestriction = (typeof TIME_RESTRICTIONS)[number];
export type Season = (typeof SEASONS)[number];
export type Weather = (typeof WEATHERS)[number];
export type LockReason = (typeof LOCK_REASONS)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
