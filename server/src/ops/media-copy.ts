/**
 * Copies every story media object from one MediaStore to another (local directory → bucket for media:move,
 * either store ↔ a backup folder), streaming each object through a temporary file so big videos never sit in
 * memory, skipping objects the target already holds at the same size, and checking every size after.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaStore } from '../media/media-store';

/** Where story media live; nothing else is kept in a media store. */
const MEDIA_PREFIX = 'stories/';

export interface MediaCopyReport {
  copied: number;
  skipped: number;
  bytes: number;
}

export async function copyMedia(
  from: MediaStore,
  to: MediaStore,
  log: (line: string) => void = () => {},
): Promise<MediaCopyReport> {
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'whispers-media-copy-'));
  const report: MediaCopyReport = { copied: 0, skipped: 0, bytes: 0 };
  try {
    for await (const object of from.list(MEDIA_PREFIX)) {
      // Interrupted local writes are not media (the orphan sweep removes them).
      if (object.key.endsWith('.partial')) continue;
      const existing = await to.stat(object.key);
      if (existing?.size === object.size) {
        report.skipped += 1;
        continue;
      }
      const temp = path.join(scratch, `${report.copied}.part`);
      await pipeline(from.read(object.key), fs.createWriteStream(temp));
      await to.putFile(object.key, temp);
      const stored = await to.stat(object.key);
      if (stored?.size !== object.size) {
        throw new Error(`${object.key}: copied ${stored?.size ?? 'nothing'} bytes of ${object.size}`);
      }
      report.copied += 1;
      report.bytes += object.size;
      log(`copied ${object.key} (${object.size} bytes)`);
    }
    return report;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}
