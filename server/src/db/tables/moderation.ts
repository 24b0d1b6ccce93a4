/** Moderation (docs/moderation.md, docs/moderation.md): decisions, appeals, the audit log and readers' blocks. */
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { stories, users } from './core';

/**
 * Moderation decisions (docs/design.md, rule 18): on a story (auto_hide, dismiss, hide, restore, remove) or on its
 * author (warn, suspend, ban). `moderator_id` null: automatic. The story's title is kept so the statement of
 * reasons still names a removed story.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectUserId: uuid('subject_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id').references(() => stories.id, { onDelete: 'set null' }),
    storyTitle: text('story_title'),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    suspendDays: integer('suspend_days'),
    /** Set when an appeal reversed the decision. */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_decisions_subject_idx').on(t.subjectUserId, t.createdAt.desc())],
);

/** One appeal per decision, by its subject, within APPEAL_WINDOW_DAYS; resolved by another moderator. */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    decisionId: uuid('decision_id')
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** open | upheld | reversed */
    status: text('status').notNull().default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('appeals_decision_idx').on(t.decisionId),
    index('appeals_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Every moderation event (who, what, when, why). No foreign keys, so nothing cascades it away when a story or
 * an account goes; migration 0012's trigger refuses UPDATE and DELETE, so the app cannot rewrite it.
 */
export const moderationAuditLog = pgTable(
  'moderation_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    actorId: uuid('actor_id'),
    actorUsername: text('actor_username'),
    event: text('event').notNull(),
    subjectUserId: uuid('subject_user_id'),
    storyId: uuid('story_id'),
    decisionId: uuid('decision_id'),
    reason: text('reason'),
    note: text('note'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_audit_log_created_idx').on(t.createdAt.desc())],
);

/** A reader's private blocks: the blocked author's stories vanish for the blocker (db/visibility.ts). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocker_created_idx').on(t.blockerId, t.createdAt.desc()),
  ],
);
