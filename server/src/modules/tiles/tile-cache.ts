/**
 * The raster tiles the server has fetched, kept in a media store (docs/decisions/037-tiles-through-whispers.md):
 * `DATA_DIR/tiles` on this machine, or the S3 bucket under `tiles/` so several instances share what any of them
 * fetched. Each object is the tile with what the server knows about it in front (its type, ETag and how long the
 * tile server said it stays fresh), so one read answers a request.
 *
 * The cache is bounded: this instance tracks the objects it knows (those it found at start, wrote or read) in
 * least-recently-used order, and deletes the oldest once their total passes `maxBytes`. On a shared bucket each
 * instance bounds what it knows; docs/operations.md suggests a lifecycle rule beside it.
 *
 * In front of the store, the most recently read tiles are also kept in memory up to `memoryBytes` (buffers outside
 * the JS heap): the tiles of a city's centre are asked for again and again, and a read from the store costs a file
 * open, read and close (or a bucket request) per tile.
 */
import type { Readable } from 'node:stream';
import type { MediaStore } from '../../media/media-store';

interface CachedTile {
  bytes: Buffer;
  contentType: string;
  /** The tile's ETag as this server sends it (a hash of its bytes). */
  etag: string;
  /** Until when the tile server said the tile stays fresh (ms since the epoch). */
  freshUntil: number;
}

export interface TileCache {
  get(key: string): Promise<CachedTile | null>;
  put(key: string, tile: CachedTile): Promise<void>;
  /** Bytes and objects this instance knows of. */
  usage(): { bytes: number; objects: number };
  /** Reads what the store holds already (once, at start); the cache works before it is done. */
  warm(): Promise<void>;
}

const HEADER_BYTES = 4;

/** The object's bytes: a 4-byte length, the JSON of what is known, the tile. */
export function encodeCachedTile(tile: CachedTile): Buffer {
  const meta = Buffer.from(
    JSON.stringify({ contentType: tile.contentType, etag: tile.etag, freshUntil: tile.freshUntil }),
  );
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32BE(meta.length);
  return Buffer.concat([header, meta, tile.bytes]);
}

function decodeCachedTile(object: Buffer): CachedTile | null {
  if (object.length < HEADER_BYTES) return null;
  const metaLength = object.readUInt32BE(0);
  if (metaLength > 4096 || object.length < HEADER_BYTES + metaLength) return null;
  try {
    const meta = JSON.parse(
      object.subarray(HEADER_BYTES, HEADER_BYTES + metaLength).toString('utf8'),
    ) as Partial<CachedTile>;
    if (typeof meta.contentType !== 'string' || typeof meta.etag !== 'string' || typeof meta.freshUntil !== 'number')
      return null;
    return {
      contentType: meta.contentType,
      etag: meta.etag,
      freshUntil: meta.freshUntil,
      bytes: object.subarray(HEADER_BYTES + metaLength),
    };
  } catch {
    return null;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const isMissing = (error: unknown) => {
  const code = (error as { code?: string; name?: string }).code ?? (error as { name?: string }).name;
  return code === 'ENOENT' || code === 'NoSuchKey' || code === 'NotFound';
};

export function createTileCache(options: {
  store: MediaStore;
  prefix: string;
  maxBytes: number;
  memoryBytes?: number;
}): TileCache {
  const { store, prefix, maxBytes } = options;
  const hot = createHotTiles(options.memoryBytes ?? 0);
  /** Key → stored size, least recently used first (a Map keeps insertion order). */
  const known = new Map<string, number>();
  let totalBytes = 0;

  const remember = (key: string, size: number) => {
    const before = known.get(key);
    if (before !== undefined) {
      known.delete(key);
      totalBytes -= before;
    }
    known.set(key, size);
    totalBytes += size;
  };
  const forget = (key: string) => {
    const size = known.get(key);
    if (size === undefined) return;
    known.delete(key);
    totalBytes -= size;
  };
  const evict = async () => {
    while (totalBytes > maxBytes && known.size > 1) {
      const oldest = known.keys().next().value as string;
      forget(oldest);
      hot.drop(oldest);
      await store.delete(`${prefix}${oldest}`).catch(() => {});
    }
  };

  return {
    async get(key) {
      const inMemory = hot.get(key);
      if (inMemory) {
        remember(key, known.get(key) ?? inMemory.bytes.length);
        return inMemory;
      }
      let object: Buffer;
      try {
        object = await readAll(store.read(`${prefix}${key}`));
      } catch (error) {
        if (isMissing(error)) {
          forget(key);
          hot.drop(key);
          return null;
        }
        throw error;
      }
      const tile = decodeCachedTile(object);
      if (tile) {
        remember(key, object.length);
        hot.set(key, tile);
      }
      return tile;
    },

    async put(key, tile) {
      const object = encodeCachedTile(tile);
      await store.putBuffer(`${prefix}${key}`, object);
      remember(key, object.length);
      hot.set(key, tile);
      await evict();
    },

    usage: () => ({ bytes: totalBytes, objects: known.size }),

    async warm() {
      const found: { key: string; size: number; at: number }[] = [];
      for await (const object of store.list(prefix)) {
        const key = object.key.slice(prefix.length);
        if (!known.has(key)) found.push({ key, size: object.size, at: object.modifiedAt.getTime() });
      }
      // Oldest first, and before anything this instance touched since it started.
      found.sort((a, b) => a.at - b.at);
      const touched = [...known];
      known.clear();
      totalBytes = 0;
      for (const { key, size } of found) remember(key, size);
      for (const [key, size] of touched) remember(key, size);
      await evict();
    },
  };
}

/** The most recently read tiles, least recently used first, bounded by their bytes (0: none kept). */
function createHotTiles(maxBytes: number) {
  const tiles = new Map<string, CachedTile>();
  let bytes = 0;
  const drop = (key: string) => {
    const tile = tiles.get(key);
    if (!tile) return;
    tiles.delete(key);
    bytes -= tile.bytes.length;
  };
  return {
    get(key: string): CachedTile | undefined {
      const tile = tiles.get(key);
      if (tile) {
        tiles.delete(key);
        tiles.set(key, tile);
      }
      return tile;
    },
    set(key: string, tile: CachedTile) {
      if (tile.bytes.length > maxBytes) return;
      drop(key);
      tiles.set(key, tile);
      bytes += tile.bytes.length;
      while (bytes > maxBytes) drop(tiles.keys().next().value as string);
    },
    drop,
  };
}
