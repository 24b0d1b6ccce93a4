/**
 * An author's transcript or captions (docs/decisions/056-transcripts-and-captions.md): read for the editor, published
 * (checked and cleaned by common/vtt.ts, the file readers get made from the stored cues), removed. The owner check
 * is the stories' one: 404 when the story is not visible to the caller, 403 when it is not theirs.
 */
import crypto from 'node:crypto';
import { isUuid } from '#common/route-schemas';
import { STORY_TYPE_UPLOAD } from '#common/story-types';
import type { AuthorTranscript } from '#common/transcript-schemas';
import { formatVtt, parseTranscript, transcriptText, type ParsedTranscript } from '#common/vtt';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import type { MediaStore } from '../../media/media-store';
import type { TranscriptRepository, TranscriptStory } from './transcript-repository';

export const TRANSCRIPT_SERVICE_MESSAGES = {
  notFound: 'Story not found',
  notAuthor: 'Only the author of this story can change its transcript.',
  notTimed: 'Only audio and video stories have a transcript or captions.',
} as const;

type TranscriptKind = AuthorTranscript['kind'];

/** An audio story has a transcript, a video story captions; other stories neither. */
function transcriptKindOf(type: string): TranscriptKind | null {
  const upload = (STORY_TYPE_UPLOAD as Record<string, string | null | undefined>)[type];
  return upload === 'audio' ? 'transcript' : upload === 'video' ? 'captions' : null;
}

/** The stored file readers get: WebVTT from timed cues, plain paragraphs otherwise. */
function transcriptFile(transcript: ParsedTranscript): { extension: 'vtt' | 'txt'; data: Buffer } {
  return transcript.timed
    ? { extension: 'vtt', data: Buffer.from(formatVtt(transcript.cues), 'utf8') }
    : { extension: 'txt', data: Buffer.from(`${transcript.cues.map((c) => c.text).join('\n\n')}\n`, 'utf8') };
}

const versionOf = (transcript: ParsedTranscript | null) =>
  transcript && { timed: transcript.timed, cueCount: transcript.cues.length, text: transcriptText(transcript) };

export type TranscriptService = ReturnType<typeof createTranscriptService>;

export function createTranscriptService(deps: {
  repository: TranscriptRepository;
  store: MediaStore;
  log: { warn(obj: object, msg: string): void };
}) {
  async function ownStory(userId: string, storyId: string): Promise<TranscriptStory & { kind: TranscriptKind }> {
    const story = isUuid(storyId) ? await deps.repository.visibleStory(storyId, userId) : undefined;
    if (!story) throw notFound(TRANSCRIPT_SERVICE_MESSAGES.notFound);
    if (story.authorId !== userId) throw forbidden(TRANSCRIPT_SERVICE_MESSAGES.notAuthor);
    const kind = transcriptKindOf(story.type);
    if (!kind) throw badRequest(TRANSCRIPT_SERVICE_MESSAGES.notTimed);
    return { ...story, kind };
  }

  async function view(storyId: string, story: TranscriptStory & { kind: TranscriptKind }): Promise<AuthorTranscript> {
    const stored = await deps.repository.transcripts(storyId);
    return {
      storyId,
      kind: story.kind,
      duration: story.duration,
      published: versionOf(stored.published),
      draft: versionOf(stored.draft),
    };
  }

  /** Removes a file no story names any more; a failure leaves it to the orphan sweep of its folder. */
  async function forget(key: string | null) {
    if (!key) return;
    await deps.store.delete(key).catch((error: unknown) => {
      deps.log.warn({ err: error, key }, 'a replaced transcript file could not be removed');
    });
  }

  return {
    async get(userId: string, storyId: string): Promise<AuthorTranscript> {
      return view(storyId, await ownStory(userId, storyId));
    },

    /** Checks, cleans and publishes the author's text (typed or a file's); the draft, if any, is done with. */
    async save(userId: string, storyId: string, text: string): Promise<AuthorTranscript> {
      const story = await ownStory(userId, storyId);
      const parsed = parseTranscript(text, story.duration);
      if (!parsed.ok) throw badRequest(parsed.message);
      const file = transcriptFile(parsed.transcript);
      // A new name per version: signed links are cached until they expire, so a file never changes under its name.
      const key = `stories/${storyId}/transcript-${crypto.randomBytes(6).toString('hex')}.${file.extension}`;
      await deps.store.putBuffer(key, file.data);
      let published = false;
      try {
        published = await deps.repository.publish(storyId, userId, parsed.transcript, key);
      } finally {
        if (!published) await forget(key);
      }
      if (!published) throw notFound(TRANSCRIPT_SERVICE_MESSAGES.notFound);
      await forget(story.transcriptKey);
      return view(storyId, story);
    },

    async remove(userId: string, storyId: string): Promise<void> {
      const story = await ownStory(userId, storyId);
      await deps.repository.remove(storyId, userId);
      await forget(story.transcriptKey);
    },
  };
}
