/**
 * The only code that touches `story_transcripts` and `stories.transcript_key` (docs/decisions/056-transcripts-and-captions.md).
 * Publishing writes the cues and names the new file in one transaction, so the story's key never names a file
 * whose cues are not stored.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stories, storyTranscripts } from '../../db/schema';
import { visibleStory } from '../../db/visibility';
import type { ParsedTranscript } from '#common/vtt';

export type TranscriptRepository = ReturnType<typeof createTranscriptRepository>;

export interface TranscriptStory {
  authorId: string;
  type: (typeof stories.$inferSelect)['type'];
  duration: number | null;
  transcriptKey: string | null;
}

interface StoredTranscripts {
  published: ParsedTranscript | null;
  draft: ParsedTranscript | null;
}

export function createTranscriptRepository(database: Database) {
  const { db } = database;
  return {
    /** The story when `viewerId` may see it (db/visibility.ts; its author always may); undefined otherwise. */
    async visibleStory(storyId: string, viewerId: string): Promise<TranscriptStory | undefined> {
      const [row] = await db
        .select({
          authorId: stories.authorId,
          type: stories.type,
          duration: stories.duration,
          transcriptKey: stories.transcriptKey,
        })
        .from(stories)
        .where(and(eq(stories.id, storyId), visibleStory(sql`${viewerId}::uuid`)))
        .limit(1);
      return row;
    },

    async transcripts(storyId: string): Promise<StoredTranscripts> {
      const [row] = await db.select().from(storyTranscripts).where(eq(storyTranscripts.storyId, storyId)).limit(1);
      return {
        published: row?.cues && row.timed !== null ? { timed: row.timed, cues: row.cues } : null,
        draft: row?.draftCues && row.draftTimed !== null ? { timed: row.draftTimed, cues: row.draftCues } : null,
      };
    },

    /** Publishes the author's transcript under `key` (the draft is gone); false when the story is gone. */
    async publish(storyId: string, authorId: string, transcript: ParsedTranscript, key: string): Promise<boolean> {
      return database.transaction(async ({ db: tx }) => {
        const updated = await tx
          .update(stories)
          .set({ transcriptKey: key })
          .where(and(eq(stories.id, storyId), eq(stories.authorId, authorId)))
          .returning({ id: stories.id });
        if (updated.length === 0) return false;
        const values = { timed: transcript.timed, cues: transcript.cues, draftTimed: null, draftCues: null };
        await tx
          .insert(storyTranscripts)
          .values({ storyId, ...values })
          .onConflictDoUpdate({ target: storyTranscripts.storyId, set: { ...values, updatedAt: sql`now()` } });
        return true;
      });
    },

    /** Removes the transcript and any draft; the story no longer names a file. */
    async remove(storyId: string, authorId: string): Promise<void> {
      await database.transaction(async ({ db: tx }) => {
        await tx
          .update(stories)
          .set({ transcriptKey: null })
          .where(and(eq(stories.id, storyId), eq(stories.authorId, authorId)));
        await tx.delete(storyTranscripts).where(eq(storyTranscripts.storyId, storyId));
      });
    },

    /** Keeps an engine's draft beside whatever is published (nothing when the story is gone meanwhile). */
    async saveDraft(storyId: string, draft: ParsedTranscript): Promise<void> {
      await database.query(sql`
        INSERT INTO story_transcripts (story_id, draft_timed, draft_cues)
        SELECT id, ${draft.timed}, ${JSON.stringify(draft.cues)}::jsonb FROM stories WHERE id = ${storyId}::uuid
        ON CONFLICT (story_id) DO UPDATE SET draft_timed = EXCLUDED.draft_timed, draft_cues = EXCLUDED.draft_cues,
          updated_at = now()`);
    },
  };
}
