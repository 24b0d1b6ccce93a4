/**
 * Draft transcripts from a speech-to-text command (docs/decisions/057-transcribe-command.md). Where the operator
 * sets TRANSCRIBE_COMMAND, each new audio or video story's stored file is copied to a private scratch folder and
 * the command is run on it in the media work queue, with ffmpeg's time and output limits; its standard output must
 * be WebVTT, which is checked and cleaned like an author's upload and kept as a draft only the author sees. Without
 * the setting nothing is run. A failure is logged and leaves the story without a draft: it never fails the upload.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { STORY_TYPE_UPLOAD } from '#common/story-types';
import { parseWebVtt, TRANSCRIPT_LIMITS } from '#common/vtt';
import { FFMPEG_TIMEOUT_MS } from '../../media/av';
import type { MediaStore } from '../../media/media-store';
import type { MediaWorkQueue } from '../../media/work-queue';
import type { TranscriptRepository } from './transcript-repository';

const run = promisify(execFile);

/** What a new story tells the transcriber: its id, type, length and stored media keys. */
interface UploadedStory {
  id: string;
  type: string;
  duration: number | null;
  audioKey: string | null;
  videoKey: string | null;
}

/** The command line split on spaces, without a shell: the program, then its own arguments. */
function commandLine(command: string): [string, string[]] {
  const [program, ...args] = command.trim().split(/\s+/);
  return [program!, args];
}

export type Transcriber = ReturnType<typeof createTranscriber>;

export function createTranscriber(deps: {
  command: string | undefined;
  queue: MediaWorkQueue;
  store: MediaStore;
  repository: Pick<TranscriptRepository, 'saveDraft'>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}) {
  async function transcribe(story: UploadedStory, key: string, command: string): Promise<void> {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'whispers-transcribe-'));
    try {
      const file = path.join(dir, path.basename(key));
      await pipeline(deps.store.read(key), fs.createWriteStream(file));
      const [program, args] = commandLine(command);
      const { stdout } = await run(program, [...args, file], {
        timeout: FFMPEG_TIMEOUT_MS,
        maxBuffer: TRANSCRIPT_LIMITS.maxBytes * 2,
        cwd: dir,
      });
      const parsed = parseWebVtt(stdout, story.duration);
      if (!parsed.ok) {
        deps.log.warn({ storyId: story.id, problem: parsed.message }, 'the transcribe command wrote no usable WebVTT');
        return;
      }
      await deps.repository.saveDraft(story.id, parsed.transcript);
      deps.log.info({ storyId: story.id, cues: parsed.transcript.cues.length }, 'draft transcript made');
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  return {
    /**
     * Starts a draft for a new audio or video story when a command is configured; null when nothing is run.
     * The promise never rejects (tests may await it; the upload does not).
     */
    afterUpload(story: UploadedStory): Promise<void> | null {
      const command = deps.command;
      const kind = (STORY_TYPE_UPLOAD as Record<string, keyof typeof MEDIA_KIND_SPECS | null | undefined>)[story.type];
      if (!command || !kind || !MEDIA_KIND_SPECS[kind].timed) return null;
      const key = kind === 'audio' ? story.audioKey : kind === 'video' ? story.videoKey : null;
      if (!key) return null;
      return deps.queue
        .run(() => transcribe(story, key, command))
        .catch((error: unknown) => {
          deps.log.warn({ err: error, storyId: story.id }, 'no draft transcript: the transcribe command failed');
        });
    },
  };
}
