/** Tours, insights and push subscriptions: what walks and authors' insights keep. */
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { insightKind, stories, tourInsightKind, users } from './core';

/**
 * Walking tours (issue 25): an author's ordered route through their own public stories. A stop row goes with its
 * story (cascade); a story made private or hidden stays a row but drops out of every reading through one filter
 * (db/visibility.ts `visibleTourStop`). The author's tours go with their account (cascade from users).
 */
export const tours = pgTable(
  'tours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tours_author_created_idx').on(t.authorId, t.createdAt.desc()),
    index('tours_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const tourStops = pgTable(
  'tour_stops',
  {
    tourId: uuid('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    /** 1-based walking order as the author set it. */
    position: integer('position').notNull(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.position] }),
    uniqueIndex('tour_stops_tour_story_idx').on(t.tourId, t.storyId),
    index('tour_stops_story_idx').on(t.storyId),
  ],
);

/**
 * Authors' insights (issue 27, DESIGN.md decision 19): how many readers did each thing, per story and UTC day.
 * Counts only, by design: no reader id, session, address or position, and no time finer than the day. Written in
 * batches from each instance's buffer (modules/insights); unlocks and likes are counted from their own tables.
 */
export const storyInsights = pgTable(
  'story_insights',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    kind: insightKind('kind').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.day, t.kind] })],
);

/**
 * Tours' insights (issue 27 item 4): how many readers started a tour, reached its stops and completed it, per
 * tour and UTC day. Counts only, like `story_insights`: no reader, no position.
 */
export const tourInsights = pgTable(
  'tour_insights',
  {
    tourId: uuid('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    kind: tourInsightKind('kind').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.day, t.kind] })],
);

/**
 * Web Push subscriptions (issue 24): one row per device (the push service's endpoint URL is unique to it), many
 * per user. The keys encrypt the payload for that device only; nothing here is a position.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** Which notification kinds a user wants by push (common/push.ts PUSH_KINDS); no row = every kind. */
export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kinds: text('kinds').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
