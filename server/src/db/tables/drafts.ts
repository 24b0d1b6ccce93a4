/**
 * Story drafts and planned tours (docs/decisions/060-story-drafts-and-routes-in.md): a story written ahead with a
 * planned place, published only when its author stands there. No read of stories names these tables, so a draft is
 * invisible to everyone but its author by construction. Its raw uploaded file is kept under `drafts/<id>/`.
 */
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Point } from '#common/geo';
import { createdAt } from './columns';
import { users } from './core';

/** One stop of a planned tour, in walking order: its draft until pinned, then the story it became. */
export interface TourDraftStop extends Point {
  draftId: string;
  storyId: string | null;
  title: string;
  suggested: boolean;
}

export const tourDrafts = pgTable(
  'tour_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    path: jsonb('path').$type<Point[]>().notNull().default([]),
    stops: jsonb('stops').$type<TourDraftStop[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('tour_drafts_author_created_idx').on(t.authorId, t.createdAt)],
);

export const storyDrafts = pgTable(
  'story_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** The story's multipart text fields as sent (checked with the creation schema when saved). */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    mediaKind: text('media_kind'),
    mediaKey: text('media_key'),
    mediaSize: integer('media_size'),
    tourDraftId: uuid('tour_draft_id').references(() => tourDrafts.id, { onDelete: 'set null' }),
    /** While "Pin here" runs, the claim's lease: a second pin of the same draft is refused until it ends. */
    pinningUntil: timestamp('pinning_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('story_drafts_author_created_idx').on(t.authorId, t.createdAt)],
);
