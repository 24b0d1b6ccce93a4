/** Web Push: the devices subscribed and the kinds each user wants by push. */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { sessions, users } from './core';

/**
 * Web Push subscriptions (docs/decisions/015-installable-offline-push.md): one row per device (the push service's endpoint URL is unique to it), many
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
    /** Deliveries in a row that failed, counted in the database: shared by every instance, kept over restarts. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** The session that subscribed the device: its end (sign-out, however started) removes the row. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** Which notification kinds a user wants by push (common/push.ts PUSH_KINDS); no row = every kind. */
export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kinds: text('kinds').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
