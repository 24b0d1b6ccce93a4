/**
 * Traces and follows (docs/decisions/045-traces-read-where-left.md, 046-follows-daily-digest.md): what readers
 * leave on a story they unlocked, reports and the one appeal against an author's hiding, who follows whom, and
 * which digest periods were already sent.
 */
import { sql } from 'drizzle-orm';
import { date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { stories, users } from './core';

/**
 * A trace: a reader's short text (and optional photo) on a story unlocked for them. `day` is the UTC day (one
 * trace per reader, story and day); no position is ever stored. Goes with its story and its writer (cascade).
 */
export const traces = pgTable(
  'traces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    writerId: uuid('writer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    photoKey: text('photo_key'),
    day: date('day')
      .notNull()
      .default(sql`((now() AT TIME ZONE 'utc')::date)`),
    /** Set when the story's author hid it; `hidden_reason` is told to the writer. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('traces_story_writer_day_idx').on(t.storyId, t.writerId, t.day),
    index('traces_story_created_idx').on(t.storyId, t.createdAt.desc(), t.id.desc()),
    index('traces_writer_created_idx').on(t.writerId, t.createdAt.desc()),
  ],
);

/** One report per (trace, reporter), with a reason of REPORT_REASONS; open until a moderator resolves it. */
export const traceReports = pgTable(
  'trace_reports',
  {
    traceId: uuid('trace_id')
      .notNull()
      .references(() => traces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.traceId, t.userId] }),
    index('trace_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/** The writer's one appeal against an author's hiding of their trace; it reaches the moderation queue. */
export const traceAppeals = pgTable('trace_appeals', {
  traceId: uuid('trace_id')
    .primaryKey()
    .references(() => traces.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  /** open | upheld | reversed */
  status: text('status').notNull().default('open'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Who follows whom: read only by the follower; the author sees a count. A block deletes it both ways (0016). */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.authorId] }), index('follows_author_idx').on(t.authorId)],
);

/** The follow digest's periods already claimed: the one instance whose insert wins sends that period's digest. */
export const digestRuns = pgTable('digest_runs', {
  periodStart: timestamp('period_start', { withTimezone: true }).primaryKey(),
  createdAt: createdAt(),
});
