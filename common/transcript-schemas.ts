/**
 * The transcript routes' contract (docs/decisions/056-transcripts-and-captions.md): what an author sends (the text
 * typed, or a WebVTT file read in the browser) and what their editor reads. Readers never use these routes: an
 * unlocked story carries its signed `transcriptUrl`.
 */
import { z } from 'zod';
import { TRANSCRIPT_LIMITS, TRANSCRIPT_MESSAGES } from './vtt';

export const saveTranscriptRequestSchema = z.strictObject({
  /** WebVTT (starting with its WEBVTT line) or plain paragraphs; checked and cleaned by common/vtt.ts. */
  text: z
    .string(TRANSCRIPT_MESSAGES.empty)
    .max(TRANSCRIPT_LIMITS.maxBytes, TRANSCRIPT_MESSAGES.tooLarge)
    .describe('WebVTT, or plain text (paragraphs separated by blank lines)'),
});

const transcriptVersionSchema = z.object({
  /** Cues with times (WebVTT), or plain paragraphs. */
  timed: z.boolean(),
  cueCount: z.number().int(),
  /** As the author edits it: WebVTT made from the stored cues, or the paragraphs. */
  text: z.string(),
});

export const authorTranscriptSchema = z.object({
  storyId: z.uuid(),
  /** An audio story's transcript or a video story's captions. */
  kind: z.enum(['transcript', 'captions']),
  /** The recording's length in seconds (cues must end by then), or null when unknown. */
  duration: z.number().int().nullable(),
  /** What readers get (null: none yet). */
  published: transcriptVersionSchema.nullable(),
  /** A speech-to-text draft for the author to correct and publish (docs/decisions/057-transcribe-command.md). */
  draft: transcriptVersionSchema.nullable(),
});
export type AuthorTranscript = z.infer<typeof authorTranscriptSchema>;
