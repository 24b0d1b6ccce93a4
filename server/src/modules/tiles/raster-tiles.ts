/**
 * Raster tiles from the app's own origin (docs/decisions/037-tiles-through-whispers.md): a cached tile is served
 * from the cache (and, once the tile server's freshness has run out, fetched again behind the answer); a missing one
 * is fetched once — however many readers ask for it at the same moment — and kept. When the tile server is out,
 * cached tiles are still served and a missing one is refused at once with a time to come back, never held.
 */
import crypto from 'node:crypto';
import type { TileCache } from './tile-cache';
import { UpstreamMissing, type RasterUpstream } from './raster-upstream';
import type { TileAnswer, TileMetrics, TileSource } from './tile-source';

/** After this many failures in a row the tile server is taken as out for `OUTAGE_MS`. */
const FAILURES_FOR_OUTAGE = 3;
const OUTAGE_MS = 10_000;
/** What a refused tile tells the browser to wait. */
const RETRY_AFTER_SECONDS = 10;

export function etagOf(bytes: Buffer): string {
  return `"${crypto.createHash('sha1').update(bytes).digest('base64url')}"`;
}

export function createRasterTiles(deps: {
  cache: TileCache;
  upstream: RasterUpstream;
  metrics: TileMetrics;
  extension: string;
  now?: () => number;
}): TileSource {
  const { cache, upstream, metrics } = deps;
  const now = deps.now ?? Date.now;
  const inFlight = new Map<string, Promise<TileAnswer>>();
  let failuresInARow = 0;
  let outUntil = 0;

  const fetchAndKeep = async (key: string, z: number, x: number, y: number): Promise<TileAnswer> => {
    const started = process.hrtime.bigint();
    try {
      const fetched = await upstream.fetch(z, x, y);
      metrics.upstreamSeconds.observe(Number(process.hrtime.bigint() - started) / 1e9);
      failuresInARow = 0;
      const tile = {
        bytes: fetched.bytes,
        contentType: fetched.contentType,
        etag: etagOf(fetched.bytes),
        freshUntil: now() + fetched.freshForMs,
      };
      if (fetched.storable) await cache.put(key, tile).catch(() => metrics.upstreamErrors.inc({ reason: 'store' }));
      return { kind: 'tile', tile };
    } catch (error) {
      if (error instanceof UpstreamMissing) return { kind: 'missing' };
      metrics.upstreamErrors.inc({ reason: 'upstream' });
      failuresInARow += 1;
      if (failuresInARow >= FAILURES_FOR_OUTAGE) outUntil = now() + OUTAGE_MS;
      return { kind: 'unavailable', retryAfterSeconds: RETRY_AFTER_SECONDS };
    }
  };

  /** One fetch per tile at a time: whoever asks while it runs waits for the same answer. */
  const fetchOnce = (key: string, z: number, x: number, y: number) => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fetchAndKeep(key, z, x, y).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  return {
    kind: 'raster',
    extensions: [deps.extension],
    maxZoom: undefined,
    async tile(z, x, y) {
      const key = `${z}/${x}/${y}.${deps.extension}`;
      const cached = await cache.get(key).catch(() => null);
      if (cached) {
        metrics.cacheHits.inc();
        if (cached.freshUntil <= now() && now() >= outUntil) void fetchOnce(key, z, x, y);
        return { kind: 'tile', tile: cached };
      }
      metrics.cacheMisses.inc();
      if (now() < outUntil) return { kind: 'unavailable', retryAfterSeconds: Math.ceil((outUntil - now()) / 1000) };
      return fetchOnce(key, z, x, y);
    },
  };
}
