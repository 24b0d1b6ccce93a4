/**
 * The contract's closed lists (spec section 3): story types, time locks, seasons, weathers, lock reasons,
 * notification kinds, with their types, and the spec's messages (section 5, word for word). No zod here, so the
 * first screen's code can read them without the validator (issue 28); their zod enums are enum-schemas.ts.
 * Re-exported by schemas.ts.
 */

export const STORY_TYPES = ['audio', 'text', 'image', 'video', 'tiktok'] as const;
/** The lock kinds (common/lock-kinds.ts describes each); each is also the lock reason it yields. */
export const TIME_LOCK_KINDS = ['time_of_day', 'season', 'weather'] as const;
export const TIME_RESTRICTIONS = ['none', ...TIME_LOCK_KINDS] as const;
export const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const;
export const WEATHERS = ['sunny', 'rainy', 'cloudy', 'stormy'] as const;
export const NOTIFICATION_TYPES = [
  'story_nearby',
  'story_unlocked',
  'story_liked',
  'time_locked',
  'story_hidden',
  /** A statement of reasons to the person a moderation decision is about (DESIGN.md decision 18). */
  'moderation_decision',
  /** To a reporter: what came of their report ("Action taken" / "No rule broken found"). */
  'report_outcome',
  'other',
] as const;
export const SMART_NOTIFICATION_TYPES = ['nearby', 'weather', 'discovery', 'recommendation', 'other'] as const;
export const SMART_PRIORITIES = ['high', 'medium', 'low', 'other'] as const;
/** Preferred type offered by the setup wizard (a subset of story types). */
export const FAVORITE_STORY_TYPES = ['audio', 'text', 'image'] as const;
/**
 * Why a story is locked. Besides distance and time: the reader's position claim was refused (`location`: no
 * position; `travel`: an impossible jump in the last 15 minutes; `accuracy`: a fix worse than 100 m) or the
 * reader's hourly budget of new unlocks is spent (`budget`) — DESIGN.md decision 11.
 */
export const LOCK_REASONS = ['distance', ...TIME_LOCK_KINDS, 'location', 'travel', 'accuracy', 'budget'] as const;
export const TIMES_OF_DAY = ['night', 'morning', 'afternoon', 'evening'] as const;

export type StoryType = (typeof STORY_TYPES)[number];
export type TimeRestriction = (typeof TIME_RESTRICTIONS)[number];
export type Season = (typeof SEASONS)[number];
export type Weather = (typeof WEATHERS)[number];
export type LockReason = (typeof LOCK_REASONS)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

// ---------- messages (spec section 5, word for word) ----------
export const MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be less than 20 characters',
  usernameChars: 'Username can only contain letters, numbers, and underscores',
  displayNameMin: 'Display name must be at least 2 characters',
  displayNameMax: 'Display name must be less than 50 characters',
  bioMax: 'Bio must be less than 150 characters',
  emailInvalid: 'Valid email is required',
  passwordMin: 'Password must be at least 6 characters',
  resetTokenRequired: 'Reset token is required',
  invalidCredentials: 'Invalid username or password',
  noAccountForUsername: 'No account found with that username.',
  missingInformation: 'Missing information: Please fill in all required fields.',
  missingContent: 'Missing content: Please write your story content.',
  missingRecording:
    'Missing recording: Please record your story first. Make sure to stop the recording before submitting.',
  recordingError: 'Recording error: Audio recording failed. Please try again.',
  missingImage: 'Missing image: Please select an image for your story.',
  missingVideo: 'Missing video: Please select a video file for your story.',
  missingTikTokUrl: 'Missing TikTok URL: Please paste a TikTok video URL.',
  invalidTikTokUrl: 'Invalid TikTok URL: Please paste a valid TikTok video URL.',
  usernameTaken: 'That username is already taken.',
} as const;

