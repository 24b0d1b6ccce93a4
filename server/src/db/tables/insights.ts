/** Authors' insights: counts per story or tour and UTC day, never a reader. */
import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { insightKind, stories, tourInsightKind } from './core';
import { tours } from './tours';

/**
 * Authors' insights (docs/decisions/018-insights-counts-not-readers.md, docs/design.md, rule 19): how many readers did each thing, per story and UTC day.
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
 * Tours' insights (docs/decisions/018-insights-counts-not-readers.md): how many readers started a tour, reached its stops and completed it, per
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
