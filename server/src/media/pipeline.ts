/**
 * Turns one uploaded file (already on disk, size-checked) into the files a story stores: checked by content,
 * images re-encoded with a thumbnail, audio/video checked in full and remuxed into a fresh container (so only
 * their media packets are stored, and they can seek), and the duration settled.
 * Nothing here touches the MediaStore or the database; the stories service writes what this returns.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { remux, resolveDuration, type AvTools } from './av';
import { processImage } from './images';
import type { MediaLimits } from './probe';
import { SNIFF_BYTES, sniffMedia, type AcceptedMedia, type MediaKind } from './sniff';

export interface UploadedFile {
  /** Where the upload was streamed to (inside the request's work directory). */
  path: string;
  size: number;
}

interface PreparedFile {
  /** File name inside the story's folder, e.g. `audio.webm`, `image.jpg`, `thumbnail.webp`. */
  name: string;
  source: { path: string } | { data: Buffer };
  /** The media kind it is, or an image's thumbnail. */
  role: MediaKind | 'thumbnail';
}

export interface PreparedMedia {
  files: PreparedFile[];
  /** Whole seconds for audio/video (null when unknown); null for images. */
  duration: number | null;
}

/** The upload's content is not a format this field accepts (e.g. a PNG sent as audio). */
export class UnsupportedMediaError extends Error {
  constructor(public readonly kind: MediaKind) {
    super(`Unsupported ${kind} format`);
    this.name = 'UnsupportedMediaError';
  }
}

async function readHead(filePath: string): Promise<Uint8Array> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Checks the upload's content and returns its accepted format, or throws UnsupportedMediaError. */
async function identifyUpload(kind: MediaKind, upload: UploadedFile): Promise<AcceptedMedia> {
  const accepted = sniffMedia(kind, await readHead(upload.path));
  if (!accepted) throw new UnsupportedMediaError(kind);
  return accepted;
}

interface PrepareOptions {
  workDir: string;
  avTools: AvTools;
  formDuration: number | null;
  limits?: MediaLimits;
}

type Preparer = (
  kind: MediaKind,
  upload: UploadedFile,
  accepted: AcceptedMedia,
  options: PrepareOptions,
) => Promise<PreparedMedia>;

/** A still image: re-encoded, with a thumbnail. */
const prepareImage: Preparer = async (_kind, upload, accepted) => {
  const { image, thumbnail } = await processImage(upload.path, accepted.container);
  return {
    files: [
      { name: `image.${image.extension}`, source: { data: image.data }, role: 'image' },
      { name: `thumbnail.${thumbnail.extension}`, source: { data: thumbnail.data }, role: 'thumbnail' },
    ],
    duration: null,
  };
};

/** Timed media (common/media-kinds.ts `timed`): checked in full, remuxed, its duration settled. */
const prepareTimed: Preparer = async (kind, upload, accepted, options) => {
  // The stored file is always the rewritten one, never the upload as it came.
  const storedPath = path.join(options.workDir, `${kind}-remuxed.${accepted.extension}`);
  const result = await remux(upload.path, storedPath, kind, accepted.container, options.avTools, options.limits);
  const duration = await resolveDuration({
    formSeconds: options.formDuration,
    filePath: storedPath,
    // The spec's last-resort rule counts the recording as uploaded.
    fileBytes: upload.size,
    kind,
    avTools: options.avTools,
    measuredSeconds: result.durationSeconds,
  });
  return {
    files: [{ name: `${kind}.${accepted.extension}`, source: { path: storedPath }, role: kind }],
    duration,
  };
};

/** How each media kind's upload becomes its stored files (a new kind does not compile until it has its entry). */
export const MEDIA_PREPARERS = {
  audio: prepareTimed,
  image: prepareImage,
  video: prepareTimed,
} satisfies Record<MediaKind, Preparer>;

export async function prepareMedia(
  kind: MediaKind,
  upload: UploadedFile,
  options: PrepareOptions,
): Promise<PreparedMedia> {
  const accepted = await identifyUpload(kind, upload);
  return MEDIA_PREPARERS[kind](kind, upload, accepted, options);
}
