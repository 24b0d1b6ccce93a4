/**
 * Pure-JS checks for machines without ffmpeg (docs/decisions/010-audio-verification.md): the container structure
 * of an Ogg or MP3 file is walked from its first byte to its last, so a file with anything else in it (an HTML
 * page or a ZIP appended, a fake header in front of a page) is refused or rewritten without it. The packets'
 * contents are not decoded: that needs ffmpeg.
 */
import { UnreadableMediaError } from './av-errors';

// ── Ogg (RFC 3533) ──────────────────────────────────────────────────────────────────────────────────────────

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, initial value 0, no final xor. */
const OGG_CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < page.length; i++) {
    // The checksum field itself (bytes 22-25) counts as zeros.
    const byte = i >= 22 && i < 26 ? 0 : page[i]!;
    crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return crc;
}

/**
 * Returns the file when it is one Opus or Vorbis stream made of checksummed Ogg pages with nothing before, between
 * or after them; throws UnreadableMediaError otherwise.
 */
export function verifyOgg(file: Buffer): Buffer {
  let offset = 0;
  let serial: number | null = null;
  let pages = 0;
  let audioPages = 0;
  while (offset < file.length) {
    if (file.length - offset < 27 || file.toString('latin1', offset, offset + 4) !== 'OggS' || file[offset + 4] !== 0) {
      throw new UnreadableMediaError(`Ogg: no page at byte ${offset}`);
    }
    const segments = file[offset + 26]!;
    const headerLength = 27 + segments;
    if (offset + headerLength > file.length) throw new UnreadableMediaError('Ogg: page header cut short');
    let bodyLength = 0;
    for (let i = 0; i < segments; i++) bodyLength += file[offset + 27 + i]!;
    const end = offset + headerLength + bodyLength;
    if (end > file.length) throw new UnreadableMediaError('Ogg: page cut short');
    const page = file.subarray(offset, end);
    if (oggCrc(page) !== page.readUInt32LE(22)) throw new UnreadableMediaError(`Ogg: bad checksum at byte ${offset}`);
    const pageSerial = page.readUInt32LE(14);
    if (serial === null) {
      // The first page opens the one stream (BOS flag) with an Opus or Vorbis identification header.
      const body = page.subarray(headerLength);
      const opus = body.toString('latin1', 0, 8) === 'OpusHead';
      const vorbis = body[0] === 1 && body.toString('latin1', 1, 7) === 'vorbis';
      if ((page[5]! & 0x02) === 0 || !(opus || vorbis))
        throw new UnreadableMediaError('Ogg: not an Opus or Vorbis stream');
      serial = pageSerial;
    } else if (pageSerial !== serial) {
      throw new UnreadableMediaError('Ogg: more than one stream');
    }
    // Audio pages carry a granule position past the start (headers carry 0).
    const granule = page.readBigInt64LE(6);
    if (granule > 0n) audioPages++;
    pages++;
    offset = end;
  }
  if (pages === 0 || audioPages === 0) throw new UnreadableMediaError('Ogg: no audio pages');
  return file;
}

// ── MP3 (MPEG-1/2/2.5 audio, layers I-III) ──────────────────────────────────────────────────────────────────

const BITRATES_KBPS: Record<string, number[]> = {
  // [version 1 | 2 (and 2.5)] × layer, index 1-14 (0 is "free format", 15 is invalid).
  '1-1': [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

interface FrameHeader {
  length: number;
  /** Version, layer and sample rate: every frame of one stream has the same. */
  format: string;
}

function frameHeader(file: Buffer, at: number): FrameHeader | null {
  if (at + 4 > file.length || file[at] !== 0xff || (file[at + 1]! & 0xe0) !== 0xe0) return null;
  const versionBits = (file[at + 1]! >> 3) & 0x03;
  const layerBits = (file[at + 1]! >> 1) & 0x03;
  const bitrateIndex = file[at + 2]! >> 4;
  const rateIndex = (file[at + 2]! >> 2) & 0x03;
  const padding = (file[at + 2]! >> 1) & 0x01;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const layer = 4 - layerBits;
  const version = versionBits === 3 ? 1 : 2;
  const bitrate = BITRATES_KBPS[`${version}-${layer}`]![bitrateIndex - 1]! * 1000;
  const sampleRate = SAMPLE_RATES[versionBits]![rateIndex]!;
  const length =
    layer === 1
      ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
      : Math.floor(((layer === 3 && version === 2 ? 72 : 144) * bitrate) / sampleRate) + padding;
  return { length, format: `${versionBits}-${layerBits}-${rateIndex}` };
}

/** Where the ID3v2 tags at the start of the file end (syncsafe size + header + optional footer each). */
function id3v2End(file: Buffer): number {
  let offset = 0;
  while (offset + 10 <= file.length && file.toString('latin1', offset, offset + 3) === 'ID3') {
    const at = (i: number) => file[offset + i]! & 0x7f;
    offset += 10 + ((at(6) << 21) | (at(7) << 14) | (at(8) << 7) | at(9)) + (file[offset + 5]! & 0x10 ? 10 : 0);
  }
  return offset;
}

/** Length of a tag that may close an MP3 file at `at` (APEv2, then ID3v1), when it runs exactly to the end. */
function trailingTagsEnd(file: Buffer, at: number): boolean {
  let offset = at;
  if (file.toString('latin1', offset, offset + 8) === 'APETAGEX' && offset + 32 <= file.length) {
    // An APEv2 tag written with a header: its size counts the items and the footer.
    offset += 32 + file.readUInt32LE(offset + 12);
  }
  if (offset + 128 === file.length && file.toString('latin1', offset, offset + 3) === 'TAG') offset += 128;
  return offset === file.length;
}

/** The smallest number of frames an accepted MP3 has (about a quarter of a second). */
const MIN_MP3_FRAMES = 8;

/**
 * The MPEG audio frames of an MP3 file, and nothing else: the ID3v2 tag in front (cover art, free text) and an
 * ID3v1/APEv2 tag at the end are dropped; any other byte between or after the frames refuses the file.
 */
export function rewriteMp3(file: Buffer): Buffer {
  let offset = id3v2End(file);
  const start = offset;
  let format: string | null = null;
  let frames = 0;
  while (offset < file.length) {
    const header = frameHeader(file, offset);
    if (!header) {
      if (frames > 0 && trailingTagsEnd(file, offset)) break;
      throw new UnreadableMediaError(`MP3: no frame at byte ${offset}`);
    }
    if (format !== null && header.format !== format) throw new UnreadableMediaError('MP3: frames of different formats');
    format = header.format;
    if (offset + header.length > file.length) throw new UnreadableMediaError('MP3: last frame cut short');
    offset += header.length;
    frames++;
  }
  if (frames < MIN_MP3_FRAMES) throw new UnreadableMediaError('MP3: too few frames');
  return Buffer.from(file.subarray(start, offset));
}
