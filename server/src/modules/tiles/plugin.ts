/**
 * The map's tiles from the app's own origin (docs/decisions/037-tiles-through-whispers.md, 038), built once per app
 * and decorated as `app.tiles`: the tile source (a PMTiles archive when MAP_ARCHIVE is set, else the raster tile
 * server through the tile cache), what pages and GET /api/config tell the client about it, and whether readers may
 * save a tour's map for offline use.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule } from '../../lib/app-module';
import { MAX_TILE_ZOOM } from '#common/constants';
import { createLocalMediaStore } from '../../media/media-store';
import { archiveSource } from './archive-source';
import { createOfflineMaps, type OfflineMaps } from './offline-map';
import { createRasterTiles } from './raster-tiles';
import { createRasterUpstream, userAgentFor } from './raster-upstream';
import { createTileCache } from './tile-cache';
import { createTileMetrics, type TileSource } from './tile-source';
import { openVectorTiles } from './vector-tiles';
import { tileRoutes } from './routes';
import { tourMapTilesRoutes } from './offline-routes';

/** What the client is told about the map's tiles (the page's data block and GET /api/config). */
export interface ClientTiles {
  tileUrl: string;
  tileAttribution: string;
  tileKind: 'raster' | 'vector';
  /** The deepest zoom the tiles have (the client draws deeper zooms from it). */
  tileMaxZoom: number;
  /** Whether readers may save a tour's map for offline use (the source allows bulk reads). */
  offlineMaps: boolean;
}

interface TilesFeature {
  source: TileSource;
  client: ClientTiles;
  /** The tiles a reader may save with a tour (GET /api/tiles/tours/:id). */
  offline: OfflineMaps;
}

export interface TilesPluginOptions {
  /** How long a missing tile may wait for the tile server (turn and fetch) before it is answered 503. */
  upstreamTimeoutMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    tiles: TilesFeature;
  }
}

/** Requests to the raster tile server at once, per instance (tile servers ask for few). */
const UPSTREAM_CONCURRENCY = 4;
const UPSTREAM_TIMEOUT_MS = 5000;

/** OpenStreetMap's own tile servers forbid bulk downloads: never a source for saved maps. */
function isOpenStreetMapServer(template: string): boolean {
  try {
    return new URL(template.replace(/\{[^}]+\}/g, '0')).hostname.endsWith('openstreetmap.org');
  } catch {
    return false;
  }
}

const tilesPlugin = (options: TilesPluginOptions) =>
  fp(
    async (app) => {
      const config = app.config;
      const settings = config.tiles;
      let source: TileSource;
      if (settings.archive) {
        const archive = archiveSource(settings.archive, config.s3);
        app.addHook('onClose', async () => archive.close());
        try {
          source = await openVectorTiles(archive);
        } catch (error) {
          throw new Error(
            `MAP_ARCHIVE ${settings.archive} cannot be read as a PMTiles v3 archive: ${(error as Error).message}`,
            { cause: error },
          );
        }
      } else {
        // Shared by every instance in the bucket when there is one; else on this machine, beside the media.
        const store = config.s3 ? app.mediaStore : createLocalMediaStore(config.dataDir);
        const cache = createTileCache({
          store,
          prefix: 'tiles/',
          maxBytes: settings.cacheBytes,
          memoryBytes: settings.memoryBytes,
        });
        const upstream = createRasterUpstream({
          template: config.tileUrl,
          userAgent: userAgentFor({ publicUrl: config.publicUrl, contact: settings.contact }),
          concurrency: UPSTREAM_CONCURRENCY,
          timeoutMs: options.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS,
        });
        source = createRasterTiles({
          cache,
          upstream,
          metrics: createTileMetrics(app.metrics.registry),
          extension: 'png',
        });
        app.addHook('onReady', async () => {
          cache
            .warm()
            .catch((error: unknown) => app.log.warn({ err: error }, 'The tile cache could not list what it holds'));
        });
        if (
          isOpenStreetMapServer(config.tileUrl) &&
          !settings.contact &&
          !config.publicUrl &&
          config.env === 'production'
        ) {
          app.log.warn(
            'Tiles come from OpenStreetMap: set TILE_CONTACT (and PUBLIC_URL) so its operators can reach you (their usage policy)',
          );
        }
      }
      const offlineMaps =
        source.kind === 'vector' || (settings.prefetch === 'allowed' && !isOpenStreetMapServer(config.tileUrl));
      app.decorate('tiles', {
        source,
        offline: createOfflineMaps({
          kind: source.kind,
          maxZoom: source.maxZoom,
          extension: source.extensions[0]!,
          offered: offlineMaps,
        }),
        client: {
          tileUrl: `/tiles/{z}/{x}/{y}.${source.extensions[0]}`,
          tileAttribution: config.tileAttribution,
          tileKind: source.kind,
          tileMaxZoom: source.maxZoom ?? MAX_TILE_ZOOM,
          offlineMaps,
        },
      });
    },
    {
      name: 'tiles',
      dependencies: ['media-store', 'metrics'],
      decorators: { fastify: ['config', 'mediaStore', 'metrics'] },
    },
  );

/** The tiles themselves at the root (`/tiles/...`, docs/decisions/037-tiles-through-whispers.md); a tour's map to save under /api. */
const tilesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(tileRoutes);
  await app.register(tourMapTilesRoutes, { prefix: '/api' });
};

/** The tiles module; `options` set the tile server's time limit (tests). */
export function tilesModule(options: TilesPluginOptions = {}) {
  return defineModule({ name: 'tiles', plugin: tilesPlugin(options), routes: tilesRoutes, prefix: '' });
}
