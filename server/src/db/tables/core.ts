/** Accounts, stories, likes, reports, notifications and unlocks: the tables every feature stands on. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES, SEASONS, STORY_TYPES, TIME_RESTRICTIONS, WEATHERS } from '#common/schemas';
import { INSIGHT_EVENT_KINDS, TOUR_INSIGHT_KINDS } from '#common/insights';
import { createdAt } from './columns';

export const storyType = pgEnum('story_type', STORY_TYPES);
export const timeRestriction = pgEnum('time_restriction', TIME_RESTRICTIONS);
export const season = pgEnum('season', SEASONS);
export const weather = pgEnum('weather', WEATHERS);
export const notificationType = pgEnum('notification_type', NOTIFICATION_TYPES);
export const insightKind = pgEnum('insight_kind', INSIGHT_EVENT_KINDS);
export const tourInsightKind = pgEnum('tour_insight_kind', TOUR_INSIGHT_KINDS);
/** Story revisions (stories.revision): one counter for every story, so a revision is never reused. */
export const storyRevisionSeq = pgSequence('story_revision_seq');

/** PostGIS geography point; only ever written by the generated column below, read through SQL. */
const geographyPoint = customType<{ data: string; driverData: string }>({
  dataType: () => 'geography(Point,4326)',
});
const geometryPoint = customType<{ data: string; driverData: string }>({
  dataType: () => 'geometry(Point,4326)',
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar'),
    bio: text('bio'),
    favoriteStoryType: text('favorite_story_type'),
    isSetupComplete: boolean('is_setup_complete').notNull().default(false),
    /** The user's language, a canonical BCP 47 tag: their new stories' default (docs/decisions/061-stories-carry-their-language.md). */
    language: text('language').notNull().default('en'),
    /** user | moderator | admin (docs/design.md, rule 18; modules/moderation). */
    role: text('role').notNull().default('user'),
    /** A suspension's end: until then the user can sign in and read but not publish, like or report. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** Banned: like a suspension without end; the user's stories are hidden. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames and emails are unique regardless of case.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** Only the SHA-256 of the session token is stored; the token itself lives in the visitor's cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use reset codes (docs/design.md, rule 5); `token` holds the code's hash, never the code. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    used: boolean('used').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_idx').on(t.token), index('password_resets_user_idx').on(t.userId)],
);

/**
 * Throttling events (failed logins per username and per IP, registrations, reset requests), kept in the
 * database rather than in memory so that every app instance counts the same attempts (docs/design.md "Scale").
 * `bucket` names what is counted, e.g. `login-pair:alice:ip:203.0.113.7` or `register:ip6:2001:db8:1:2::/64` (modules/auth/throttle-buckets.ts).
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('throttle_events_bucket_created_idx').on(t.bucket, t.createdAt.desc())],
);

export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    content: text('content'),
    /** MediaStore keys, not URLs: readers get short-lived signed URLs built from them. */
    audioKey: text('audio_key'),
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    videoKey: text('video_key'),
    /** The published transcript's file (docs/decisions/056-transcripts-and-captions.md), withheld like media. */
    transcriptKey: text('transcript_key'),
    tiktokUrl: text('tiktok_url'),
    tiktokVideoId: text('tiktok_video_id'),
    duration: integer('duration'),
    wordCount: integer('word_count'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    location: geographyPoint('location').generatedAlwaysAs(
      sql`(ST_SetSRID(ST_MakePoint(longitude, latitude), 4326))::geography`,
    ),
    /**
     * The same point as plain lon/lat geometry, for the capped nearby read: its planar GiST walk is ~4× cheaper
     * than the geography one and only bounds the search, the answer stays exact (story-repository.ts).
     */
    locationGeom: geometryPoint('location_geom').generatedAlwaysAs(
      sql`ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)`,
    ),
    category: text('category').notNull(),
    /** The language the story is written in, a canonical BCP 47 tag (docs/decisions/061-stories-carry-their-language.md). */
    language: text('language').notNull().default('en'),
    type: storyType('type').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likes: integer('likes').notNull().default(0),
    /** Its traces not hidden, kept by migration 0017's trigger (docs/decisions/050-trace-counts-on-cards.md). */
    traceCount: integer('trace_count').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(true),
    /** Set when enough distinct users reported the story; hidden from everyone but its author. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The moderation decision (automatic or a moderator's) that hid the story, shown to its author with its reason. */
    hiddenDecisionId: uuid('hidden_decision_id'),
    timeRestriction: timeRestriction('time_restriction').notNull().default('none'),
    unlockStartTime: text('unlock_start_time'),
    unlockEndTime: text('unlock_end_time'),
    unlockSeason: season('unlock_season'),
    unlockWeather: weather('unlock_weather'),
    createdAt: createdAt(),
    /**
     * Bumped on every insert and update (migration 0008's trigger): the in-memory story index compares its sums
     * per id range with the database's to find what a lost change notification left stale (story-index/).
     */
    revision: bigint('revision', { mode: 'number' })
      .notNull()
      .default(sql`nextval('story_revision_seq')`),
  },
  (t) => [
    index('stories_location_gist_idx').using('gist', t.location),
    index('stories_location_geom_gist_idx').using('gist', t.locationGeom),
    index('stories_author_created_idx').on(t.authorId, t.createdAt.desc()),
    index('stories_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The media route finds the story owning a signed key to check it is still visible (modules/media-files).
    index('stories_audio_key_idx')
      .on(t.audioKey)
      .where(sql`${t.audioKey} IS NOT NULL`),
    index('stories_image_key_idx')
      .on(t.imageKey)
      .where(sql`${t.imageKey} IS NOT NULL`),
    index('stories_thumbnail_key_idx')
      .on(t.thumbnailKey)
      .where(sql`${t.thumbnailKey} IS NOT NULL`),
    index('stories_video_key_idx')
      .on(t.videoKey)
      .where(sql`${t.videoKey} IS NOT NULL`),
    index('stories_transcript_key_idx')
      .on(t.transcriptKey)
      .where(sql`${t.transcriptKey} IS NOT NULL`),
  ],
);

export const likes = pgTable(
  'likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storyId] }), index('likes_story_idx').on(t.storyId)],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A code of REPORT_REASONS (older rows may hold free text). */
    reason: text('reason').notNull(),
    note: text('note'),
    /** False when the reporter was suspended or banned when reporting: stored, never weighed. */
    counts: boolean('counts').notNull().default(true),
    /** Null while open; the decision that closed it (dismiss, hide, remove…). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedDecisionId: uuid('resolved_decision_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_story_user_idx').on(t.storyId, t.userId),
    index('reports_open_idx')
      .on(t.storyId)
      .where(sql`${t.resolvedAt} IS NULL`),
    index('reports_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    storyId: uuid('story_id').references(() => stories.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull().default(false),
    /** The words title and message were made from (common/words.ts); null in rows older than them. */
    words: jsonb('words'),
    createdAt: createdAt(),
  },
  (t) => [
    // The list and its keyset pages: newest first per user (id breaks ties).
    index('notifications_user_created_id_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The unread list and the badge.
    index('notifications_user_unread_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`NOT ${t.isRead}`),
  ],
);

/**
 * What the server already did for a user and a story, so each notification is made at most once even after the
 * notification itself has been read and pruned (docs/architecture.md, "Notifications"). Only (user, story, kind): never a reader's position.
 * Kinds: `nearby` (the story was found within 1.5 km; `announced_at` set once a grouped story_nearby counted it),
 * `unlocked` (story_unlocked sent), `near_locked` (the reader was within 100 m while a time lock held),
 * `time_locked` (time_locked sent), `liked` (this user's like was announced to the author: user = the liker).
 */
export const notificationMarks = pgTable(
  'notification_marks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.storyId] }), index('notification_marks_story_idx').on(t.storyId)],
);

/** Per-user notification bookkeeping: when the last grouped story_nearby was made (at most one an hour). */
export const notificationState = pgTable('notification_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastNearbyGroupAt: timestamp('last_nearby_group_at', { withTimezone: true }),
});

/**
 * Which stories each user has had unlocked, ever (docs/design.md, rules 11 and 14): likes and reports need it.
 * Written set-based by the read path for stories newly unlocked; positions are never stored here.
 */
export const unlocks = pgTable(
  'unlocks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storyId] }), index('unlocks_story_idx').on(t.storyId)],
);
