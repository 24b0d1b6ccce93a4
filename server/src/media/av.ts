/**
 * Audio and video uploads. Browser-recorded WebM (MediaRecorder) is written as a live stream: no Duration and
 * no Cues, so players cannot seek in it. Every WebM/MP4/QuickTime upload is therefore remuxed before it is
 * stored — with ffmpeg (`-c copy`, no re-encode) when the machine has it, else (WebM only) with a pure-JS EBML
 * rewrite, so that `npm install && npm start` works without system packages (DESIGN.md "audio/video").
 */
import { execFile, spawnSync } from 'node:child_process';
import fsp from 'node:fs/promises';
import { promisify } from 'node:util';
import { parseFile } from 'music-metadata';
import { Decoder, tools, type EBMLElementDetail } from 'ts-ebml';
import { AUDIO, MEDIA } from '#common/constants';
import type { Container, MediaKind } from './sniff';

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

/** The file was recognised by its first bytes but could not be processed (damaged, or not really media). */
export class UnreadableMediaError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnreadableMediaError';
  }
}

const FFMPEG_TIMEOUT_MS = 120_000;

export interface RemuxResult {
  /** False when the format needs no rewrite (Ogg, MP3) or cannot be rewritten without ffmpeg (MP4/QuickTime):
   *  `output` is then not written and the caller keeps the original. */
  written: boolean;
  /** Seconds measured by the pure-JS rewrite from the block timestamps (null when ffmpeg did the work). */
  durationSeconds: number | null;
}

/** Rewrites `input` into `output` so that the stored file is seekable. */
export async function remux(
  input: string,
  output: string,
  kind: MediaKind,
  container: Container,
  avTools: AvTools,
): Promise<RemuxResult> {
  const isMatroska = container === 'webm';
  const isIso = container === 'mp4' || container === 'quicktime';
  if (!isMatroska && !isIso) return { written: false, durationSeconds: null };
  if (avTools.ffmpeg) {
    const format = isMatroska ? 'webm' : container === 'quicktime' ? 'mov' : 'mp4';
    // Audio uploads keep their audio only; videos keep video and (when there is one) audio.
    const maps = kind === 'audio' ? ['-map', '0:a'] : ['-map', '0:v', '-map', '0:a?'];
    const args = ['-v', 'error', '-nostdin', '-y', '-i', input, ...maps, '-c', 'copy', '-dn', '-sn'];
    if (isIso) args.push('-movflags', '+faststart');
    args.push('-f', format, output);
    try {
      await run(avTools.ffmpeg, args, { timeout: FFMPEG_TIMEOUT_MS, maxBuffer: 1024 * 1024 });
    } catch (error) {
      await fsp.rm(output, { force: true });
      throw new UnreadableMediaError('ffmpeg could not read the file', { cause: error });
    }
    return { written: true, durationSeconds: null };
  }
  if (!isMatroska) return { written: false, durationSeconds: null };
  const seekable = makeWebmSeekable(await fsp.readFile(input));
  await fsp.writeFile(output, seekable.data);
  return { written: true, durationSeconds: seekable.durationSeconds };
}

interface TrackInfo {
  number: number;
  type: number;
}

/**
 * Pure-JS WebM rewrite: recomputes the duration from the block timestamps, builds one cue point per cluster and
 * lets ts-ebml write a new header (SeekHead, Info with Duration, Tracks, Cues) in front of the untouched clusters.
 */
export function makeWebmSeekable(file: Buffer): { data: Buffer; durationSeconds: number } {
  let elements: EBMLElementDetail[];
  try {
    // decode() copies its input into a Buffer, so Node's Buffer does for the ArrayBuffer it is typed with.
    elements = new Decoder().decode(file as unknown as ArrayBuffer);
  } catch (error) {
    throw new UnreadableMediaError('The WebM file could not be parsed', { cause: error });
  }
  const firstClusterIndex = elements.findIndex((e) => e.name === 'Cluster' && !isEnd(e));
  if (firstClusterIndex <= 0) throw new UnreadableMediaError('The WebM file has no media clusters');
  const metadata = elements.slice(0, firstClusterIndex);
  const firstCluster = elements[firstClusterIndex]!;
  const metadataEnd = metadata[metadata.length - 1]!.dataEnd;

  // Block and cluster times count in TimestampScale nanoseconds (1 ms unless the file says otherwise).
  const scaleElement = metadata.find((e) => e.name === 'TimestampScale');
  const timestampScale = scaleElement ? Number(elementValue(scaleElement)) : 1_000_000;
  const tracks: TrackInfo[] = [];
  let currentTrack: Partial<TrackInfo> = {};
  for (const element of metadata) {
    if (element.name === 'TrackEntry' && !isEnd(element)) currentTrack = {};
    if (element.name === 'TrackNumber') currentTrack.number = Number(elementValue(element));
    if (element.name === 'TrackType') currentTrack.type = Number(elementValue(element));
    if (element.name === 'TrackEntry' && isEnd(element) && currentTrack.number !== undefined) {
      tracks.push({ number: currentTrack.number, type: currentTrack.type ?? 0 });
    }
  }
  if (tracks.length === 0) throw new UnreadableMediaError('The WebM file has no tracks');
  // Cue on the video track when there is one (seeking lands on its clusters), else on the first track.
  const cueTrack = (tracks.find((t) => t.type === 1) ?? tracks[0]!).number;

  const cueTrackIsVideo = tracks.some((t) => t.number === cueTrack && t.type === 1);

  const cues: { CueTrack: number; CueClusterPosition: number; CueTime: number }[] = [];
  const lastBlockTime = new Map<number, number>();
  const lastFrameLength = new Map<number, number>();
  let clusterStart = -1;
  let clusterTime = 0;
  let clusterCued = true;
  let end = 0;
  for (let i = firstClusterIndex; i < elements.length; i++) {
    const element = elements[i]!;
    if (element.name === 'Cluster' && !isEnd(element)) {
      clusterStart = element.tagStart;
      clusterCued = false;
    } else if (element.name === 'Timestamp' || element.name === 'Timecode') {
      clusterTime = Number(elementValue(element));
    } else if (element.name === 'SimpleBlock' || element.name === 'Block') {
      const block = tools.ebmlBlock(Buffer.from(elementData(element)));
      const time = clusterTime + block.timecode;
      if (!clusterCued && block.trackNumber === cueTrack) {
        clusterCued = true;
        // A cue must land where decoding can start: on video, only clusters opening with a keyframe.
        if (!cueTrackIsVideo || (element.name === 'SimpleBlock' && block.keyframe)) {
          // Positions are given as ts-ebml expects them: relative to where the original metadata ended.
          cues.push({ CueTrack: cueTrack, CueClusterPosition: clusterStart - firstCluster.tagStart + metadataEnd, CueTime: time });
        }
      }
      const previous = lastBlockTime.get(block.trackNumber);
      if (previous !== undefined && time > previous) lastFrameLength.set(block.trackNumber, time - previous);
      lastBlockTime.set(block.trackNumber, time);
      end = Math.max(end, time + (lastFrameLength.get(block.trackNumber) ?? 0));
    }
  }
  if (cues.length === 0 || lastBlockTime.size === 0) throw new UnreadableMediaError('The WebM file has no frames');

  // makeMetadataSeekable encodes with Buffer.concat, whose small results share Node's buffer pool, and returns
  // the underlying ArrayBuffer: with the pool disabled for this synchronous call the ArrayBuffer is exactly it.
  const poolSize = Buffer.poolSize;
  let header: ArrayBuffer;
  try {
    Buffer.poolSize = 0;
    header = tools.makeMetadataSeekable(metadata, end, cues);
  } catch (error) {
    throw new UnreadableMediaError('The WebM header could not be rewritten', { cause: error });
  } finally {
    Buffer.poolSize = poolSize;
  }
  return {
    data: Buffer.concat([Buffer.from(header), file.subarray(firstCluster.tagStart)]),
    durationSeconds: (end * timestampScale) / 1e9,
  };
}

// ts-ebml's element union hides these per-kind properties from TypeScript; read them plainly.
function elementValue(element: EBMLElementDetail): unknown {
  return (element as { value?: unknown }).value;
}
function elementData(element: EBMLElementDetail): Uint8Array {
  return (element as { data?: Uint8Array }).data ?? new Uint8Array();
}
function isEnd(element: EBMLElementDetail): boolean {
  return (element as { isEnd?: boolean }).isEnd === true;
}

/**
 * Duration in whole seconds: the form's value when it is positive; else what the file says (music-metadata,
 * then ffprobe, then the pure-JS rewrite's measure); else, for audio, the spec's rule bytes / 16000 rounded
 * up. Null when nothing tells.
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
  if (formSeconds !== null && formSeconds > 0) {
    return Math.min(MEDIA.maxDurationSeconds, Math.max(1, Math.round(formSeconds)));
  }
  const fromFile =
    (await durationFromMetadata(filePath)) ??
    (await durationFromFfprobe(filePath, avTools)) ??
    options.measuredSeconds ??
    null;
  if (fromFile !== null && fromFile > 0) return Math.min(MEDIA.maxDurationSeconds, Math.max(1, Math.round(fromFile)));
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
