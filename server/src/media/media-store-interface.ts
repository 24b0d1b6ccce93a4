/**
 * The media store's contract: the interface every store implements (media-store.ts: local directory;
 * s3-media-store.ts: a bucket) and the key check both apply. It imports no implementation, so each store can import
 * it without an import cycle; media-store.ts re-exports it for the rest of the app.
 */
import type { Readable } from 'node:stream';

export interface MediaObjectInfo {
  size: number;
  modifiedAt: Date;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface MediaStore {
  /** Stores bytes under `key`, replacing any previous object; readers never see a half-written object. */
  putBuffer(key: string, data: Buffer): Promise<void>;
  /** Moves (or copies) a local file into the store under `key`; the source may be gone afterwards. */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** Size and time of an object, or null when there is none. */
  stat(key: string): Promise<MediaObjectInfo | null>;
  /** The object's bytes (all, or one inclusive range). */
  read(key: string, range?: ByteRange): Readable;
  /** Removes an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder such as `stories/`), in no particular order. */
  list(prefix: string): AsyncIterable<MediaObjectInfo & { key: string }>;
  /** Throws when the store cannot be written to or reached (/api/ready). */
  ping(): Promise<void>;
}

/** Letters, digits, `-`, `_` and `.` in slash-separated segments; no empty, dot or dot-dot segment. */
const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isValidMediaKey(key: string): boolean {
  if (key.length === 0 || key.length > 300) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment) && !segment.includes('..'));
}
