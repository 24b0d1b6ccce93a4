import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange } from '../modules/media-files/routes';
import { createLocalMediaStore, isValidMediaKey } from './media-store';
import { makeMediaDir } from './test-support/test-media';

let dir: string;
beforeAll(() => {
  dir = makeMediaDir();
});
afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

const write = (name: string, data: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
};

describe('local media store', () => {
  it('writes atomically, reads ranges, deletes and cleans up the story folder', async () => {
    const root = path.join(dir, 'store');
    const store = createLocalMediaStore(root);
    await store.putBuffer('stories/abc/audio.webm', Buffer.from('0123456789'));
    expect(await store.stat('stories/abc/audio.webm')).toMatchObject({ size: 10 });
    // No temporary file is left beside the object.
    expect(fs.readdirSync(path.join(root, 'stories', 'abc'))).toEqual(['audio.webm']);
    const chunks: Buffer[] = [];
    for await (const chunk of store.read('stories/abc/audio.webm', { start: 2, end: 4 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('234');

    const source = write('move-me.bin', Buffer.from('moved'));
    await store.putFile('stories/abc/video.webm', source);
    expect(fs.existsSync(source)).toBe(false);
    expect(await store.stat('stories/abc/video.webm')).toMatchObject({ size: 5 });

    await store.delete('stories/abc/audio.webm');
    await store.delete('stories/abc/video.webm');
    await store.delete('stories/abc/video.webm'); // deleting twice is fine
    expect(await store.stat('stories/abc/audio.webm')).toBeNull();
    expect(fs.existsSync(path.join(root, 'stories', 'abc'))).toBe(false);
  });

  it('refuses keys that could leave the media directory', async () => {
    for (const key of ['../secret', 'stories/../../etc/passwd', '/abs', 'a//b', 'a/./b', '', 'a\\b', 'a/b c']) {
      expect(isValidMediaKey(key)).toBe(false);
    }
    expect(isValidMediaKey('stories/0b6e/audio.webm')).toBe(true);
    const store = createLocalMediaStore(path.join(dir, 'store2'));
    await expect(store.putBuffer('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid media key/);
    expect(await store.stat('../escape')).toBeNull();
  });
});

describe('Range header parsing', () => {
  it('handles start-end, open-ended, suffix, clamping, multiple and foreign units', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'range', range: { start: 0, end: 9 } });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'range', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'range', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'range', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=50-500', 100)).toEqual({ kind: 'range', range: { start: 50, end: 99 } });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'none' });
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'none' });
  });

  it('finds unsatisfiable and malformed byte ranges', () => {
    for (const header of ['bytes=100-', 'bytes=200-300', 'bytes=9-3', 'bytes=abc', 'bytes=-', 'bytes=-0']) {
      expect(parseRange(header, 100)).toEqual({ kind: 'unsatisfiable' });
    }
  });
});
