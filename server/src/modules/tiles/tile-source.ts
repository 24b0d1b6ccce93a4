/**
 * What the tiles route serves from: the raster tile server through the cache (raster-tiles.ts) or a PMTiles archive
 * (vector-tiles.ts), and the metrics both report (docs/decisions/037-tiles-through-whispers.md).
 */
import { Counter, Histogram, type Registry } from 'prom-client';

interface ServedTile {
  bytes: Buffer;
  contentType: string;
  etag: string;
  /** Set when the bytes are stored compressed (an archive's gzip tiles). */
  contentEncoding?: string;
}

export type TileAnswer =
  { kind: 'tile'; tile: ServedTile } | { kind: 'missing' } | { kind: 'unavailable'; retryAfterSeconds: number };

export interface TileSource {
  kind: 'raster' | 'vector';
  /** The file extensions its URLs end with (the first is the one pages are given). */
  extensions: readonly string[];
  /** The deepest zoom it has (an archive's), or undefined for the map's own maximum. */
  maxZoom: number | undefined;
  tile(z: number, x: number, y: number): Promise<TileAnswer>;
}

export interface TileMetrics {
  cacheHits: Counter;
  cacheMisses: Counter;
  upstreamErrors: Counter<'reason'>;
  upstreamSeconds: Histogram;
}

export function createTileMetrics(registry: Registry): TileMetrics {
  return {
    cacheHits: new Counter({
      name: 'whispers_tile_cache_hits_total',
      help: 'Raster tiles served from the tile cache',
      registers: [registry],
    }),
    cacheMisses: new Counter({
      name: 'whispers_tile_cache_misses_total',
      help: 'Raster tiles not in the tile cache',
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'whispers_tile_upstream_errors_total',
      help: 'Tile server fetches that failed (upstream: no answer in time or an error; store: the cache could not keep it)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    upstreamSeconds: new Histogram({
      name: 'whispers_tile_upstream_seconds',
      help: 'Time to fetch one tile from the tile server',
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
      registers: [registry],
    }),
  };
}
