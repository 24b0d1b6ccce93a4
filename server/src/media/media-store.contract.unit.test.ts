/**
 * The MediaStore contract, run against every implementation: the local directory and an S3-compatible bucket
 * (a local s3rver the test starts itself). Whatever a route or service relies on is asserted here once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '#tests/helpers/s3-stand-in';
import { createLocalMediaStore, createMediaStore, type MediaStore } from './media-store';
import { createS3MediaStore } from './s3-media-store';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function listKeys(store: MediaStore, prefix: string) {
  const found: { key: string; size: number; modifiedAt: Date }[] = [];
  for await (const object of store.list(prefix)) found.push(object);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

const MiB = 1024 * 1024;

interface StoreUnderTest {
  store: MediaStore;
  close(): Promise<void>;
}

const implementations: [string, () => Promise<StoreUnderTest>][] = [
  [
    'local directory',
    async () => {
      const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'whispers-store-'));
      return { store: createLocalMediaStore(dir), close: () => fsp.rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'S3-compatible bucket',
    async () => {
      const s3: S3StandIn = await startS3StandIn();
      // The smallest part S3 allows, so the big-file case really goes up in several parts.
      const store = createS3MediaStore({ ...s3.settings, partSize: 5 * MiB });
      return {
        store,
        close: async () => {
          store.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(implementations)('MediaStore contract: %s', (_name, open) => {
  let subject: StoreUnderTest;
  let store: MediaStore;
  let scratch: string;
  const folder = () => `stories/${crypto.randomUUID()}`;

  beforeAll(async () => {
    subject = await open();
    store = subject.store;
    scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'whispers-upload-'));
  });
  afterAll(async () => {
    await subject.close();
    await fsp.rm(scratch, { recursive: true, force: true });
  });

  it('stores bytes, reports their size and a recent time, and reads them back whole or by inclusive range', async () => {
    const key = `${folder()}/audio.webm`;
    const data = crypto.randomBytes(10_000);
    const before = Date.now();
    await store.putBuffer(key, data);
    const info = await store.stat(key);
    expect(info?.size).toBe(10_000);
    // S3 keeps whole seconds.
    expect(info!.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(info!.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await readAll(store.read(key))).equals(data)).toBe(true);
    expect((await readAll(store.read(key, { start: 100, end: 199 }))).equals(data.subarray(100, 200))).toBe(true);
    expect((await readAll(store.read(key, { start: 9_990, end: 9_999 }))).equals(data.subarray(9_990))).toBe(true);
    // One byte (not byte 0: the s3rver stand-in reads `bytes=0-0` as "to the end", unlike S3).
    expect((await readAll(store.read(key, { start: 1, end: 1 }))).equals(data.subarray(1, 2))).toBe(true);
  });

  it('replaces an object stored again under the same key, and keeps an empty object', async () => {
    const key = `${folder()}/image.webp`;
    await store.putBuffer(key, Buffer.from('first version, longer'));
    await store.putBuffer(key, Buffer.from('second'));
    expect((await readAll(store.read(key))).toString()).toBe('second');
    expect((await store.stat(key))?.size).toBe(6);
    const empty = `${folder()}/thumbnail.webp`;
    await store.putBuffer(empty, Buffer.alloc(0));
    expect((await store.stat(empty))?.size).toBe(0);
  });

  it('takes a big file (a long video) from disk in parts and reads any stretch of it back', async () => {
    const source = path.join(scratch, 'upload.webm');
    const data = crypto.randomBytes(11 * MiB + 123);
    await fsp.writeFile(source, data);
    const key = `${folder()}/video.webm`;
    await store.putFile(key, source);
    expect((await store.stat(key))?.size).toBe(data.length);
    const start = 5 * MiB - 10;
    const end = 10 * MiB + 10;
    expect((await readAll(store.read(key, { start, end }))).equals(data.subarray(start, end + 1))).toBe(true);
    const whole = await readAll(store.read(key));
    expect(crypto.createHash('sha256').update(whole).digest('hex')).toBe(
      crypto.createHash('sha256').update(data).digest('hex'),
    );
  });

  it('answers null for a missing or invalid key and refuses to store under an invalid one', async () => {
    expect(await store.stat(`${folder()}/audio.webm`)).toBeNull();
    expect(await store.stat('../secret')).toBeNull();
    expect(await store.stat('')).toBeNull();
    await expect(store.putBuffer('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid media key/);
    await expect(store.putBuffer('stories//double', Buffer.from('x'))).rejects.toThrow(/Invalid media key/);
  });

  it('fails the read stream for a missing object instead of hanging', async () => {
    await expect(readAll(store.read(`${folder()}/audio.webm`))).rejects.toThrow();
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const key = `${folder()}/audio.webm`;
    await store.putBuffer(key, Buffer.from('bytes'));
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('lists every object under a prefix with its size and time, and nothing outside it', async () => {
    const prefix = `listing-${crypto.randomUUID()}`;
    const a = `${prefix}/stories/one/audio.webm`;
    const b = `${prefix}/stories/two/image.webp`;
    const c = `${prefix}/stories/two/thumbnail.webp`;
    const outside = `${prefix}/other/readme.txt`;
    await store.putBuffer(a, Buffer.alloc(3));
    await store.putBuffer(b, Buffer.alloc(5));
    await store.putBuffer(c, Buffer.alloc(7));
    await store.putBuffer(outside, Buffer.alloc(1));
    const listed = await listKeys(store, `${prefix}/stories/`);
    expect(listed.map((o) => [o.key, o.size])).toEqual([
      [a, 3],
      [b, 5],
      [c, 7],
    ]);
    for (const object of listed) expect(object.modifiedAt).toBeInstanceOf(Date);
    expect(await listKeys(store, `${prefix}/nothing/`)).toEqual([]);
  });
});

describe('createMediaStore', () => {
  it('uses the local directory without S3 settings and the bucket with them', async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'whispers-choose-'));
    const s3 = await startS3StandIn('chosen-bucket');
    try {
      const local = createMediaStore({ dataDir });
      await local.putBuffer('stories/x/audio.webm', Buffer.from('local'));
      expect(fs.existsSync(path.join(dataDir, 'media', 'stories', 'x', 'audio.webm'))).toBe(true);

      const config = { dataDir, s3: s3.settings };
      const remote = createMediaStore(config);
      expect(createMediaStore(config)).toBe(remote); // one client per app configuration
      await remote.putBuffer('stories/y/audio.webm', Buffer.from('remote'));
      expect(fs.existsSync(path.join(dataDir, 'media', 'stories', 'y'))).toBe(false);
      expect((await readAll(remote.read('stories/y/audio.webm'))).toString()).toBe('remote');
    } finally {
      await s3.close();
      await fsp.rm(dataDir, { recursive: true, force: true });
    }
  });
});
