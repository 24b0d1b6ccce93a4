/** Walking tours and their stops. */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { stories, users } from './core';

/**
 * Walking tours (docs/decisions/016-walk-mode-and-tours.md): an author's ordered route through their own public stories. A stop row goes with its
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
