/**
 * What an audio/video upload says about itself, read before a single frame is decoded (docs/security.md, "Hardening, third round"): a small
 * file can declare 8192×4320 at 60 fps, or PNG frames of 16000×16000, and decoding it costs minutes of CPU and
 * gigabytes of memory. With ffmpeg, ffprobe reads the container's headers; without it, the pure-JS WebM walk
 * reports the same facts from the track headers (Ogg and MP3 carry audio only, and their checks allow only
 * Opus/Vorbis and MP3 already).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { MEDIA } from '#common/constants';
import { UnreadableMediaError } from './av-errors';
import type { Container, MediaKind } from './sniff';

const run = promisify(execFile);

export interface ProbedStream {
  type: 'video' | 'audio' | 'other';
  /** ffmpeg's codec name (`h264`, `vp9`, `opus`, …). */
  codec: string;
  width?: number;
  height?: number;
  /** Average frames per second, when the file tells. */
  frameRate?: number;
}

export interface MediaProbe {
  streams: ProbedStream[];
  durationSeconds: number | null;
}

export interface MediaLimits {
  /** Largest frame, compared as a pixel count (width × height), so a portrait 1080×1920 passes a 1920×1080 limit. */
  maxVideoSize: { width: number; height: number };
  maxFrameRate: number;
  maxDurationSeconds: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  maxVideoSize: { width: 1920, height: 1080 },
  maxFrameRate: 60,
  maxDurationSeconds: MEDIA.maxDurationSeconds,
};

/** Codecs a browser plays, per container; anything else (PNG frames in QuickTime, ProRes, Theora, PCM) is refused. */
const ALLOWED_CODECS: Partial<Record<Container, { video: readonly string[]; audio: readonly string[] }>> = {
  webm: { video: ['vp8', 'vp9', 'av1'], audio: ['opus', 'vorbis'] },
  mp4: { video: ['h264', 'vp9', 'av1'], audio: ['aac', 'mp3', 'opus'] },
  quicktime: { video: ['h264', 'vp9', 'av1'], audio: ['aac', 'mp3', 'opus'] },
  ogg: { video: [], audio: ['opus', 'vorbis'] },
  mpeg: { video: [], audio: ['mp3'] },
};

/** The file's frames or length are beyond what this server decodes (413). */
export class MediaTooLargeError extends Error {
  constructor(
    public readonly reason: 'dimensions' | 'frameRate' | 'duration',
    message: string,
  ) {
    super(message);
    this.name = 'MediaTooLargeError';
  }
}

/** A stream's codec is not one the container may carry here (415). */
export class UnsupportedCodecError extends Error {
  constructor(public readonly codec: string) {
    super(`codec ${codec} is not accepted`);
    this.name = 'UnsupportedCodecError';
  }
}

/** "30000/1001" → 29.97; null for "0/0", missing or nonsense. */
function rate(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const [num, den] = text.split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den) || num / den <= 0) return undefined;
  return num / den;
}

function positive(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : undefined;
}

/** Reads ffprobe's `-of json` answer (streams and format). */
export function parseFfprobeJson(json: string): MediaProbe {
  let parsed: { streams?: Record<string, unknown>[]; format?: Record<string, unknown> };
  try {
    parsed = JSON.parse(json) as typeof parsed;
  } catch (error) {
    throw new UnreadableMediaError('ffprobe gave no readable answer', { cause: error });
  }
  const streams = (parsed.streams ?? []).map((stream): ProbedStream => {
    const type = stream.codec_type === 'video' || stream.codec_type === 'audio' ? stream.codec_type : 'other';
    return {
      type,
      codec: typeof stream.codec_name === 'string' ? stream.codec_name : 'unknown',
      width: positive(stream.width),
      height: positive(stream.height),
      frameRate: rate(stream.avg_frame_rate),
    };
  });
  return { streams, durationSeconds: positive(parsed.format?.duration) ?? null };
}

/**
 * ffprobe on the upload, read as the container it was sniffed as: the headers only (`-nofind_stream_info`: no
 * frame is decoded to fill in what they leave out; an 8192×4320 frame alone is 50 MB).
 */
export async function probeWithFfprobe(ffprobe: string, input: string, demuxer: string): Promise<MediaProbe> {
  try {
    const { stdout } = await run(
      ffprobe,
      [
        '-v',
        'error',
        '-nofind_stream_info',
        '-f',
        demuxer,
        '-show_entries',
        'stream=codec_type,codec_name,width,height,avg_frame_rate:format=duration',
        '-of',
        'json',
        input,
      ],
      { timeout: 30_000, maxBuffer: 1024 * 1024 },
    );
    return parseFfprobeJson(stdout);
  } catch (error) {
    if (error instanceof UnreadableMediaError) throw error;
    throw new UnreadableMediaError('ffprobe could not read the file', { cause: error });
  }
}

/**
 * Refuses what the upload must not be decoded for: a frame larger than the limit, more frames per second than the
 * limit, a length over the spec's ceiling (MediaTooLargeError), or a codec the container may not carry here
 * (UnsupportedCodecError). An audio upload is judged by its audio streams only (its cover art is dropped).
 */
export function checkProbe(kind: MediaKind, container: Container, probe: MediaProbe, limits: MediaLimits): void {
  const allowed = ALLOWED_CODECS[container];
  const relevant = probe.streams.filter((s) => s.type === 'audio' || (kind === 'video' && s.type === 'video'));
  if (!allowed || !relevant.some((s) => s.type === kind)) throw new UnreadableMediaError(`no ${kind} stream`);
  for (const stream of relevant) {
    const codecs = stream.type === 'video' ? allowed.video : allowed.audio;
    if (!codecs.includes(stream.codec)) throw new UnsupportedCodecError(stream.codec);
    if (stream.type !== 'video') continue;
    const { width, height } = limits.maxVideoSize;
    if ((stream.width ?? 0) * (stream.height ?? 0) > width * height) {
      throw new MediaTooLargeError(
        'dimensions',
        `The video is too large: ${stream.width}×${stream.height} pixels (at most ${width}×${height}).`,
      );
    }
    // A little tolerance: 60000/1001 and rounding in the container's time base.
    if (stream.frameRate !== undefined && stream.frameRate > limits.maxFrameRate * 1.01) {
      throw new MediaTooLargeError(
        'frameRate',
        `The video has too many frames per second: ${Math.round(stream.frameRate)} (at most ${limits.maxFrameRate}).`,
      );
    }
  }
  if (probe.durationSeconds !== null && probe.durationSeconds > limits.maxDurationSeconds) {
    throw new MediaTooLargeError(
      'duration',
      `The ${kind === 'video' ? 'video' : 'recording'} is too long (at most ${limits.maxDurationSeconds / 3600} hours).`,
    );
  }
}
