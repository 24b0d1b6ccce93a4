/**
 * Where story media files live (docs/design.md "media"). The app only ever talks to the `MediaStore` interface, so an
 * object-storage implementation can replace the local directory without touching routes or services.
 *
 * Keys are relative, slash-separated names such as `stories/<uuid>/audio.webm`; they are what the stories table
 * stores and what signed media URLs name (server/src/media/media-urls.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { S3Settings } from '../config';
import { isValidMediaKey, type MediaObjectInfo, type MediaStore } from './media-store-interface';
import { createS3MediaStore, type S3MediaStore } from './s3-media-store';

export { isValidMediaKey, type ByteRange, type MediaStore } from './media-store-interface';

function assertKey(key: string): void {
  if (!isValidMediaKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
}

/** A MediaStore over a local directory (default `DATA_DIR/media`). */
export function createLocalMediaStore(root: string): MediaStore {
  root = path.resolve(root);
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  /** A temporary name beside the target, so the final rename stays on one file system and is atomic. */
  const tempBeside = (target: string) => `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;

  return {
    async putBuffer(key, data) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = tempBeside(target);
      try {
        await fsp.writeFile(temp, data);
        await fsp.rename(temp, target);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    async putFile(key, sourcePath) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        // Same file system: a rename is atomic and copies nothing.
        await fsp.rename(sourcePath, target);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
      const temp = tempBeside(target);
      try {
        await fsp.copyFile(sourcePath, temp);
        await fsp.rename(temp, target);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    async stat(key) {
      if (!isValidMediaKey(key)) return null;
      try {
        const stats = await fsp.stat(fileOf(key));
        return stats.isFile() ? { size: stats.size, modifiedAt: stats.mtime } : null;
      } catch {
        return null;
      }
    },

    read(key, range) {
      return fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : undefined);
    },

    async *list(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      const walk = async function* (dir: string, keyPrefix: string): AsyncGenerator<MediaObjectInfo & { key: string }> {
        const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const key = `${keyPrefix}/${entry.name}`;
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full, key);
          else if (entry.isFile()) {
            const stats = await fsp.stat(full).catch(() => null);
            if (stats) yield { key, size: stats.size, modifiedAt: stats.mtime };
          }
        }
      };
      yield* walk(fileOf(folder), folder);
    },

    async ping() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },

    async delete(key) {
      const target = fileOf(key);
      await fsp.rm(target, { force: true });
      // Remove the story's folder once it is empty; a non-empty or missing folder is left alone.
      const folder = path.dirname(target);
      if (folder !== root) await fsp.rmdir(folder).catch(() => {});
    },
  };
}

/**
 * The app's media store: an S3-compatible bucket when S3_BUCKET is set, otherwise the local directory under
 * DATA_DIR. One store per configuration, so every part of one app shares one S3 client (and its sockets).
 */
export function createMediaStore(config: { dataDir: string; s3?: S3Settings | undefined }): MediaStore {
  const s3 = config.s3;
  if (!s3) return createLocalMediaStore(path.join(config.dataDir, 'media'));
  let store = s3Stores.get(s3);
  if (!store) {
    store = createS3MediaStore(s3);
    s3Stores.set(s3, store);
  }
  return store;
}

const s3Stores = new WeakMap<S3Settings, S3MediaStore>();
