/**
 * Transcripts and captions (docs/decisions/056-transcripts-and-captions.md): an audio or video story's cues as
 * plain text (common/vtt.ts), the published ones and a speech-to-text draft only its author sees
 * (docs/decisions/057-transcribe-command.md). The file readers get is made from `cues` and named by
 * `stories.transcript_key`, withheld like the story's media.
 */
import { boolean, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Cue } from '#common/vtt';
import { stories } from './core';

export const storyTranscripts = pgTable('story_transcripts', {
  storyId: uuid('story_id')
    .primaryKey()
    .references(() => stories.id, { onDelete: 'cascade' }),
  /** The published transcript (null: none); `timed` when its cues have times (a WebVTT file). */
  timed: boolean('timed'),
  cues: jsonb('cues').$type<Cue[]>(),
  /** The engine's draft, for the author to correct and publish; never shown to readers. */
  draftTimed: boolean('draft_timed'),
  draftCues: jsonb('draft_cues').$type<Cue[]>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
