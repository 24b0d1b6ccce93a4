/**
 * Audio and video uploads. Every accepted file is checked in full and rewritten into a fresh container before it
 * is stored, so bytes around or between its media packets (an HTML page or a ZIP appended to a real MP3: a
 * polyglot) never reach the store (docs/security.md, "Threat model", docs/decisions/010-audio-verification.md):
 * - with ffmpeg: one pass decodes every packet (`-f null`, `-xerror`) while copying the packets into a new
 *   container (`-c copy`, no metadata, no re-encode); any error, or any error-level message, refuses the file;
 * - without ffmpeg (so that `npm install && npm start` works without system packages, docs/design.md "audio/video"):
 *   a pure-JS structural check and rewrite for WebM, Ogg and MP3; MP4/QuickTime cannot be checked and are refused.
 * Browser-recorded WebM (MediaRecorder) has no Duration and no Cues; the rewrite makes it seekable.
 * Before anything is decoded, the file's own description (ffprobe, or the WebM track headers) is checked against the
 * limits on frame size, frame rate, length and codecs (probe.ts, docs/security.md, "Hardening, third round"): a few kilobytes can declare gigabytes
 * of frames. ffmpeg decodes on one thread, with a ceiling on any single allocation.
 */
import { execFile, spawnSync } from 'node:child_process';
import fsp from 'node:fs/promises';
import { promisify } from 'node:util';
import { parseFile } from 'music-metadata';
import { AUDIO, MEDIA } from '#common/constants';
import type { Container, MediaKind } from './sniff';
import { UnreadableMediaError, UnverifiableMediaError } from './av-errors';
import { checkProbe, DEFAULT_MEDIA_LIMITS, probeWithFfprobe, type MediaLimits } from './probe';
import { rewriteMp3, verifyOgg } from './verify-js';
import { makeWebmSeekable } from './webm-seekable';

export { UnreadableMediaError, UnverifiableMediaError } from './av-errors';

const run = promisify(execFile);

/** Paths of the ffmpeg/ffprobe binaries, or null where they are not installed. */
export interface AvTools {
  ffmpeg: string | null;
  ffprobe: string | null;
}

let detected: AvTools | undefined;

/** Looks for ffmpeg and ffprobe on PATH once per process. */
export function detectAvTools(): AvTools {
  if (!detected) {
    const found = (name: string) => (spawnSync(name, ['-version'], { stdio: 'ignore' }).status === 0 ? name : null);
    detected = { ffmpeg: found('ffmpeg'), ffprobe: found('ffprobe') };
  }
  return detected;
}

export const NO_AV_TOOLS: AvTools = Object.freeze({ ffmpeg: null, ffprobe: null });

const FFMPEG_TIMEOUT_MS = 120_000;
/** No single allocation above this (a 1080p frame needs about 3 MB; ffmpeg's own default is 2 GB). */
const FFMPEG_MAX_ALLOC_BYTES = 256 * 1024 * 1024;

/** ffmpeg's demuxer for each sniffed container (forced: the file is read as what it was accepted as). */
const DEMUXER: Partial<Record<Container, string>> = {
  webm: 'matroska',
  ogg: 'ogg',
  mp4: 'mov',
  quicktime: 'mov',
  mpeg: 'mp3',
};

function muxerFor(kind: MediaKind, container: Container): string {
  if (container === 'mp4') return kind === 'audio' ? 'ipod' : 'mp4';
  if (container === 'quicktime') return 'mov';
  if (container === 'mpeg') return 'mp3';
  return container; // webm, ogg
}

export interface RemuxResult {
  /** Seconds measured by the pure-JS WebM rewrite from the block timestamps (null otherwise). */
  durationSeconds: number | null;
}

/**
 * Checks `input` in full and writes its media packets, and nothing else, into `output` (a new container, seekable
 * for WebM/MP4). Throws UnreadableMediaError when the file is not valid media throughout, UnverifiableMediaError
 * when this machine cannot check its format, MediaTooLargeError / UnsupportedCodecError (probe.ts) when its
 * headers declare more than the limits or a codec not accepted — before any frame is decoded.
 */
export async function remux(
  input: string,
  output: string,
  kind: MediaKind,
  container: Container,
  avTools: AvTools,
  limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
): Promise<RemuxResult> {
  const demuxer = DEMUXER[container];
  if (!demuxer) throw new UnverifiableMediaError(container);
  if (avTools.ffmpeg) {
    // ffprobe comes with ffmpeg (the Debian package); a system with ffmpeg alone is not checked before decoding.
    if (avTools.ffprobe) {
      try {
        checkProbe(kind, container, await probeWithFfprobe(avTools.ffprobe, input, demuxer), limits);
      } catch (error) {
        // Refused: whatever sits at the output path is not this file's rewrite.
        await fsp.rm(output, { force: true });
        throw error;
      }
    }
    await ffmpegVerifyAndRemux(avTools.ffmpeg, input, output, kind, container, demuxer);
    return { durationSeconds: null };
  }
  try {
    if (container === 'webm') {
      const seekable = makeWebmSeekable(await fsp.readFile(input));
      checkProbe(kind, container, seekable.probe, limits);
      await fsp.writeFile(output, seekable.data);
      return { durationSeconds: seekable.durationSeconds };
    }
    if (container === 'ogg' && kind === 'audio') {
      await fsp.writeFile(output, verifyOgg(await fsp.readFile(input)));
      return { durationSeconds: null };
    }
    if (container === 'mpeg' && kind === 'audio') {
      await fsp.writeFile(output, rewriteMp3(await fsp.readFile(input)));
      return { durationSeconds: null };
    }
  } catch (error) {
    await fsp.rm(output, { force: true });
    throw error;
  }
  throw new UnverifiableMediaError(container);
}

async function ffmpegVerifyAndRemux(
  ffmpeg: string,
  input: string,
  output: string,
  kind: MediaKind,
  container: Container,
  demuxer: string,
): Promise<void> {
  // Audio uploads keep their audio only; videos keep video and (when there is one) audio.
  const maps = kind === 'audio' ? ['-map', '0:a'] : ['-map', '0:v', '-map', '0:a?'];
  const args = ['-v', 'error', '-nostdin', '-y', '-xerror', '-max_alloc', String(FFMPEG_MAX_ALLOC_BYTES)];
  // One decoding thread per file: the work queue (work-queue.ts) decides how many files run at once.
  args.push('-threads', '1', '-f', demuxer, '-i', input);
  // Output 1: the stored file — the packets copied into a new container, without tags, chapters or attachments.
  args.push(...maps, '-c', 'copy', '-map_metadata', '-1', '-map_chapters', '-1', '-dn', '-sn', '-fflags', '+bitexact');
  if (container === 'mp4' || container === 'quicktime') args.push('-movflags', '+faststart');
  if (container === 'mpeg') args.push('-id3v2_version', '0');
  args.push('-f', muxerFor(kind, container), output);
  // Output 2: every packet decoded and thrown away, so a file that is not media all through is refused.
  args.push(...maps, '-f', 'null', '-');
  let stderr: string;
  try {
    ({ stderr } = await run(ffmpeg, args, { timeout: FFMPEG_TIMEOUT_MS, maxBuffer: 1024 * 1024 }));
  } catch (error) {
    await fsp.rm(output, { force: true });
    throw new UnreadableMediaError('ffmpeg could not read the file', { cause: error });
  }
  // Some damage (a WebM cut short, foreign bytes the demuxer skipped with a complaint) is reported without a failing
  // exit status: at `-v error` a clean file prints nothing at all.
  const size = (await fsp.stat(output).catch(() => null))?.size ?? 0;
  if (stderr.trim() !== '' || size === 0) {
    await fsp.rm(output, { force: true });
    throw new UnreadableMediaError(stderr.trim() ? `ffmpeg: ${stderr.trim().slice(0, 200)}` : 'no media packets');
  }
}

/**
 * Duration in whole seconds, measured from the file: the rewrite's own measure (ffmpeg's decode or the pure-JS
 * walk), else what the rewritten file says (music-metadata, then ffprobe); only when the file tells nothing, the
 * form's value when positive; else, for audio, the spec's rule bytes / 16000 rounded up. Null when nothing tells.
 */
export async function resolveDuration(options: {
  formSeconds: number | null;
  filePath: string;
  fileBytes: number;
  kind: MediaKind;
  avTools: AvTools;
  measuredSeconds?: number | null;
}): Promise<number | null> {
  const { formSeconds, filePath, fileBytes, kind, avTools } = options;
  const clamp = (seconds: number) => Math.min(MEDIA.maxDurationSeconds, Math.max(1, Math.round(seconds)));
  // The length measured from the file wins: a client's value is only a hint (a 1-second clip posted with
  // duration=21600 was stored as 6 hours; docs/security.md, "Hardening, third round").
  const fromFile =
    (options.measuredSeconds || null) ??
    (await durationFromMetadata(filePath)) ??
    (await durationFromFfprobe(filePath, avTools)) ??
    null;
  if (fromFile !== null && fromFile > 0) return clamp(fromFile);
  // A file that carries no length of its own: the form's value, if any, then the spec's last resort for audio.
  if (formSeconds !== null && formSeconds > 0) return clamp(formSeconds);
  if (kind === 'audio') return Math.ceil(fileBytes / AUDIO.bytesPerSecondFallback);
  return null;
}

async function durationFromMetadata(filePath: string): Promise<number | null> {
  try {
    const metadata = await parseFile(filePath, { duration: true, skipCovers: true });
    const seconds = metadata.format.duration;
    return typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : null;
  } catch {
    return null;
  }
}

async function durationFromFfprobe(filePath: string, avTools: AvTools): Promise<number | null> {
  if (!avTools.ffprobe) return null;
  try {
    const { stdout } = await run(
      avTools.ffprobe,
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', filePath],
      { timeout: 30_000 },
    );
    const seconds = Number.parseFloat(stdout.trim());
    return Number.isFinite(seconds) ? seconds : null;
  } catch {
    return null;
  }
}
