/**
 * The map's tile settings (docs/decisions/037-tiles-through-whispers.md): where the server gets the tiles it serves
 * from its own origin, how it names itself to a tile server, how much it keeps, and whether readers may save an
 * area for offline use. Read by config.ts (the environment) and the tiles module (which applies them), so
 * configuration imports no module.
 */
import { z } from 'zod';

export interface TileSettings {
  /** Who to reach about this deployment's tile requests (an e-mail address or URL), sent in the User-Agent. */
  contact: string | undefined;
  /** Bytes of raster tiles kept (DATA_DIR/tiles, or the S3 bucket); least recently used out past it. */
  cacheBytes: number;
  /** Bytes of the most recently read raster tiles also kept in memory, in front of the cache (0: none). */
  memoryBytes: number;
  /** A PMTiles v3 archive (local path, https:// or s3:// URL): vector tiles from it, no upstream at all. */
  archive: string | undefined;
  /** `allowed`: the raster upstream's terms allow bulk reads, so readers may save a tour's map for offline use. */
  prefetch: 'allowed' | 'never';
}

const ARCHIVE = /^(https:\/\/|s3:\/\/[^/]+\/.+|[^:]+$)/;

/** The settings' part of the environment's schema (spread into config.ts's). */
export const TILE_ENV_SHAPE = {
  TILE_CONTACT: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => value || undefined),
  TILE_CACHE_MB: z.coerce.number().min(1).max(1_000_000).default(512),
  TILE_MEMORY_MB: z.coerce.number().min(0).max(4096).default(32),
  MAP_ARCHIVE: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine(
      (value) => value === undefined || ARCHIVE.test(value),
      'MAP_ARCHIVE must be a file path, an https:// URL or s3://bucket/key',
    ),
  TILE_PREFETCH: z
    .enum(['allowed', 'never', ''])
    .optional()
    .transform((value) => (value === 'allowed' ? 'allowed' : 'never')),
};

type TileEnv = { [K in keyof typeof TILE_ENV_SHAPE]: z.output<(typeof TILE_ENV_SHAPE)[K]> };

export function tileSettings(env: TileEnv): TileSettings {
  return {
    contact: env.TILE_CONTACT,
    cacheBytes: Math.round(env.TILE_CACHE_MB * 1024 * 1024),
    memoryBytes: Math.round(env.TILE_MEMORY_MB * 1024 * 1024),
    archive: env.MAP_ARCHIVE,
    prefetch: env.TILE_PREFETCH,
  };
}
