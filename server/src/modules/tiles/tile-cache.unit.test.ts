/** The tile cache keeps at most its bound, dropping the least recently used tiles first (on disk, not in the heap). */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from '../../media/media-store';
import { createTileCache, encodeCachedTile } from './tile-cache';

const tile = (fill: number) => ({
  bytes: Buffer.alloc(1000, fill),
  contentType: 'image/png',
  etag: `"t${fill}"`,
  freshUntil: 1,
});
const objectSize = encodeCachedTile(tile(1)).length;

describe('the tile cache', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tile-cache-'));
  });
  afterEach(async () => fs.rm(dir, { recursive: true, force: true }));

  it('drops the least recently used tile once the bound is passed', async () => {
    const cache = createTileCache({ store: createLocalMediaStore(dir), prefix: 'tiles/', maxBytes: objectSize * 3 });
    await cache.put('1/0/0.png', tile(1));
    await cache.put('1/0/1.png', tile(2));
    await cache.put('1/1/0.png', tile(3));
    // Reading the first makes the second the least recently used.
    expect((await cache.get('1/0/0.png'))?.etag).toBe('"t1"');
    await cache.put('1/1/1.png', tile(4));
    expect(cache.usage()).toEqual({ bytes: objectSize * 3, objects: 3 });
    expect(await cache.get('1/0/1.png')).toBeNull();
    await expect(fs.stat(path.join(dir, 'tiles', '1', '0', '1.png'))).rejects.toThrow();
    expect((await cache.get('1/0/0.png'))?.bytes.equals(tile(1).bytes)).toBe(true);
    expect(await cache.get('1/1/1.png')).not.toBeNull();
  });

  it('finds what an earlier run kept, and bounds it too', async () => {
    const earlier = createTileCache({ store: createLocalMediaStore(dir), prefix: 'tiles/', maxBytes: objectSize * 10 });
    for (let i = 0; i < 5; i += 1) await earlier.put(`3/0/${i}.png`, tile(i));
    const later = createTileCache({ store: createLocalMediaStore(dir), prefix: 'tiles/', maxBytes: objectSize * 2 });
    await later.warm();
    expect(later.usage().objects).toBe(2);
    const left = await fs.readdir(path.join(dir, 'tiles', '3', '0'));
    expect(left).toHaveLength(2);
  });

  it('answers the most recently read tiles from memory, within its own bound', async () => {
    const store = createLocalMediaStore(dir);
    let reads = 0;
    const counted = { ...store, read: (...args: Parameters<typeof store.read>) => (reads++, store.read(...args)) };
    const cache = createTileCache({ store: counted, prefix: 'tiles/', maxBytes: objectSize * 10, memoryBytes: 2000 });
    await cache.put('2/0/0.png', tile(1));
    await cache.put('2/0/1.png', tile(2));
    expect((await cache.get('2/0/0.png'))?.etag).toBe('"t1"');
    expect((await cache.get('2/0/1.png'))?.etag).toBe('"t2"');
    expect(reads).toBe(0);
    // A third tile passes the 2,000-byte bound: the least recently used one is read from the store again.
    await cache.put('2/1/0.png', tile(3));
    expect((await cache.get('2/0/0.png'))?.etag).toBe('"t1"');
    expect(reads).toBe(1);
    expect((await cache.get('2/1/0.png'))?.etag).toBe('"t3"');
    expect(reads).toBe(1);
  });
});
