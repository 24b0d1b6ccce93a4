/**
 * Recognises an upload by its first bytes (magic numbers), never by its file name or declared type
 * (docs/design.md "Bad input and failure": uploads are checked by content). Shared: the server decides with it, and
 * the create dialog checks a picked file at once with the same rule, so a picture picked as a video is refused at
 * the pick with the server's own words (common/media-kinds.ts `messages.unsupported`).
 */
import { MEDIA_KIND_SPECS, type AcceptedFormat, type Container } from './media-kinds';
import type { MediaKind } from './enums';

/** How many leading bytes `sniffContainer` needs to decide. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** Top-level atoms a QuickTime file without an `ftyp` box may start with. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** The container format of a file from its first bytes, or null when it is none the app accepts. */
export function sniffContainer(bytes: Uint8Array): Container | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(bytes) === 'webm' ? 'webm' : null;
  if (ascii(bytes, 4, 8) === 'ftyp') return isoBrand(bytes);
  if (bytes.length >= 8 && QUICKTIME_ATOMS.has(ascii(bytes, 4, 8))) return 'quicktime';
  if (ascii(bytes, 0, 3) === 'ID3') return 'mpeg';
  // An MPEG audio frame header: 11 sync bits, then a non-reserved version and a layer other than 0 (0 is AAC).
  const b1 = bytes[1] ?? 0;
  if (bytes[0] === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) !== 0) return 'mpeg';
  return null;
}

/** The DocType of an EBML header (`webm` for WebM, `matroska` for MKV). */
function ebmlDocType(bytes: Uint8Array): string | null {
  for (let i = 4; i < bytes.length - 3; i++) {
    if (bytes[i] === 0x42 && bytes[i + 1] === 0x82) {
      const sizeByte = bytes[i + 2]!;
      // A one-byte EBML size (the only form real files use for the short DocType string).
      if ((sizeByte & 0x80) === 0) return null;
      const length = sizeByte & 0x7f;
      return ascii(bytes, i + 3, i + 3 + length);
    }
  }
  return null;
}

/** ISO base media files (MP4, QuickTime, HEIF/AVIF) tell what they are by their brands. */
function isoBrand(bytes: Uint8Array): Container {
  const boxSize = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0) || 0);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
  if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
  // Everything else in an ftyp box (isom, mp41/42, avc1, M4A, dash, 3gp…) is read as MP4.
  return brands[0] === 'qt  ' ? 'quicktime' : 'mp4';
}

export interface AcceptedMedia extends AcceptedFormat {
  container: Container;
}

/** The accepted format of an upload for a field, or null when its content is not one the field takes. */
export function sniffMedia(kind: MediaKind, bytes: Uint8Array): AcceptedMedia | null {
  const container = sniffContainer(bytes);
  const accepted = container
    ? (MEDIA_KIND_SPECS[kind].containers as Partial<Record<Container, AcceptedFormat>>)[container]
    : undefined;
  return container && accepted ? { container, ...accepted } : null;
}
