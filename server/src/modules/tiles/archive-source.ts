/**
 * Byte ranges of a PMTiles archive (`MAP_ARCHIVE`) for the `pmtiles` reader: a local file, an https:// URL (HTTP
 * range requests) or an s3:// object (ranged GetObject through the S3 media store's client settings). The reader
 * asks for the header and directories once and keeps them; a tile is then one range read.
 */
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { FetchSource, type RangeResponse, type Source } from 'pmtiles';
import type { S3Settings } from '../../config';
import { createS3MediaStore } from '../../media/s3-media-store';

async function readAll(stream: Readable): Promise<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const joined = Buffer.concat(chunks);
  return joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.length);
}

function fileSource(filePath: string): Source & { close(): Promise<void> } {
  const opened = fsp.open(filePath, 'r');
  // A missing file is reported by the first read (at start), not as an unhandled rejection.
  opened.catch(() => {});
  return {
    getKey: () => filePath,
    async getBytes(offset, length): Promise<RangeResponse> {
      const handle = await opened;
      const buffer = Buffer.allocUnsafe(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return { data: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) };
    },
    async close() {
      await (await opened.catch(() => undefined))?.close();
    },
  };
}

function s3Source(url: string, s3: S3Settings | undefined): Source & { close(): Promise<void> } {
  const { bucket, key } = /^s3:\/\/(?<bucket>[^/]+)\/(?<key>.+)$/.exec(url)!.groups as { bucket: string; key: string };
  const store = createS3MediaStore({
    endpoint: s3?.endpoint,
    region: s3?.region ?? 'us-east-1',
    accessKeyId: s3?.accessKeyId,
    secretAccessKey: s3?.secretAccessKey,
    forcePathStyle: s3?.forcePathStyle ?? false,
    bucket,
  });
  return {
    getKey: () => url,
    async getBytes(offset, length) {
      return { data: await readAll(store.read(key, { start: offset, end: offset + length - 1 })) };
    },
    async close() {
      store.close();
    },
  };
}

/** The archive's source by the form of `MAP_ARCHIVE`. */
export function archiveSource(location: string, s3: S3Settings | undefined): Source & { close(): Promise<void> } {
  if (location.startsWith('s3://')) return s3Source(location, s3);
  if (location.startsWith('https://')) {
    const source = new FetchSource(location);
    return Object.assign(source, { close: async () => {} });
  }
  return fileSource(location);
}
