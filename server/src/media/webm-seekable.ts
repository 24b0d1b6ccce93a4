/**
 * The pure-JS WebM check and rewrite server/src/media/av.ts uses without ffmpeg: browser-recorded WebM
 * (MediaRecorder) has no Duration and no Cues; the rewrite checks its structure and makes it seekable.
 */
import { Decoder, tools, type EBMLElementDetail } from 'ts-ebml';
import { UnreadableMediaError } from './av-errors';
import type { MediaProbe, ProbedStream } from './probe';

/** Free-text fields left out of the rewritten header (which keeps only the EBML header, Info and Tracks). */
const DROPPED_METADATA = new Set(['Title', 'Name']);
/** What may appear from the first cluster to the end of a WebM recording. */
const MEDIA_ELEMENTS = new Set([
  'Cluster',
  'Timestamp',
  'Timecode',
  'Position',
  'PrevSize',
  'SimpleBlock',
  'BlockGroup',
  'Block',
  'BlockDuration',
  'ReferenceBlock',
  'DiscardPadding',
  'ReferencePriority',
  'CodecState',
  'Cues',
  'CuePoint',
  'CueTime',
  'CueTrackPositions',
  'CueTrack',
  'CueClusterPosition',
  'CueRelativePosition',
  'CueDuration',
  'CueBlockNumber',
]);

interface TrackInfo {
  number: number;
  type: number;
  codecId?: string;
  width?: number;
  height?: number;
  /** Nanoseconds per frame, when the track declares a constant rate. */
  defaultDuration?: number;
}

/** Matroska codec ids, as ffmpeg names the codecs (probe.ts compares these). */
const WEBM_CODECS: Record<string, string> = {
  V_VP8: 'vp8',
  V_VP9: 'vp9',
  V_AV1: 'av1',
  A_OPUS: 'opus',
  A_VORBIS: 'vorbis',
};

function probedTrack(track: TrackInfo): ProbedStream {
  const type = track.type === 1 ? 'video' : track.type === 2 ? 'audio' : 'other';
  return {
    type,
    codec: (track.codecId && WEBM_CODECS[track.codecId]) ?? track.codecId ?? 'unknown',
    width: track.width,
    height: track.height,
    frameRate: track.defaultDuration ? 1e9 / track.defaultDuration : undefined,
  };
}

/**
 * Pure-JS WebM rewrite: recomputes the duration from the block timestamps, builds one cue point per cluster and
 * lets ts-ebml write a new header (SeekHead, Info with Duration, Tracks, Cues) in front of the untouched clusters.
 */
export function makeWebmSeekable(file: Buffer): { data: Buffer; durationSeconds: number; probe: MediaProbe } {
  let elements: EBMLElementDetail[];
  try {
    // decode() copies its input into a Buffer, so Node's Buffer does for the ArrayBuffer it is typed with.
    elements = new Decoder().decode(file as unknown as ArrayBuffer);
  } catch (error) {
    throw new UnreadableMediaError('The WebM file could not be parsed', { cause: error });
  }
  const firstClusterIndex = elements.findIndex((e) => e.name === 'Cluster' && !isEnd(e));
  if (firstClusterIndex <= 0) throw new UnreadableMediaError('The WebM file has no media clusters');
  const firstCluster = elements[firstClusterIndex]!;
  const metadataEnd = elements[firstClusterIndex - 1]!.dataEnd;
  // The new header keeps what playback needs (ts-ebml takes only the EBML header, Info and Tracks: no tags,
  // attachments or padding), and not the free-text titles either.
  // (The last element stays: ts-ebml measures the original header by it.)
  const metadata = [
    ...elements.slice(0, firstClusterIndex - 1).filter((e) => !DROPPED_METADATA.has(e.name)),
    elements[firstClusterIndex - 1]!,
  ];
  // After the first cluster only media elements may follow, and they must run to the last byte: anything else
  // (a page appended to the recording, bytes between clusters) refuses the file.
  let mediaEnd = firstCluster.dataStart;
  for (let i = firstClusterIndex; i < elements.length; i++) {
    const element = elements[i]!;
    if (!MEDIA_ELEMENTS.has(element.name))
      throw new UnreadableMediaError(`Unexpected ${element.name} element in the WebM file`);
    if (!isEnd(element) && element.type !== 'm') mediaEnd = Math.max(mediaEnd, element.dataEnd);
    else if (isEnd(element) && element.dataEnd > 0) mediaEnd = Math.max(mediaEnd, element.dataEnd);
  }
  if (mediaEnd !== file.length) throw new UnreadableMediaError('The WebM file has bytes that are not media');

  // Block and cluster times count in TimestampScale nanoseconds (1 ms unless the file says otherwise).
  const scaleElement = metadata.find((e) => e.name === 'TimestampScale');
  const timestampScale = scaleElement ? Number(elementValue(scaleElement)) : 1_000_000;
  const tracks: TrackInfo[] = [];
  let currentTrack: Partial<TrackInfo> = {};
  for (const element of metadata) {
    if (element.name === 'TrackEntry' && !isEnd(element)) currentTrack = {};
    if (element.name === 'TrackNumber') currentTrack.number = Number(elementValue(element));
    if (element.name === 'TrackType') currentTrack.type = Number(elementValue(element));
    if (element.name === 'CodecID') currentTrack.codecId = String(elementValue(element));
    if (element.name === 'PixelWidth') currentTrack.width = Number(elementValue(element));
    if (element.name === 'PixelHeight') currentTrack.height = Number(elementValue(element));
    if (element.name === 'DefaultDuration') currentTrack.defaultDuration = Number(elementValue(element));
    if (element.name === 'TrackEntry' && isEnd(element) && currentTrack.number !== undefined) {
      tracks.push({ ...currentTrack, number: currentTrack.number, type: currentTrack.type ?? 0 });
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
          cues.push({
            CueTrack: cueTrack,
            CueClusterPosition: clusterStart - firstCluster.tagStart + metadataEnd,
            CueTime: time,
          });
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
  const durationSeconds = (end * timestampScale) / 1e9;
  return {
    data: Buffer.concat([Buffer.from(header), file.subarray(firstCluster.tagStart)]),
    durationSeconds,
    probe: { streams: tracks.map(probedTrack), durationSeconds },
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
