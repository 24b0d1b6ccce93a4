/**
 * Which tiles a reader may save with a tour for offline use (docs/decisions/039-maps-offline.md): only the app's own
 * tiles, only where the source allows bulk reads (MAP_ARCHIVE, or TILE_PREFETCH=allowed for a raster tile server
 * other than OpenStreetMap's), the corridor around the tour's stops at the saved zooms, bounded in count, with the
 * bytes it will take said before anything is fetched.
 */
import { MAX_TILE_ZOOM } from '#common/constants';
import type { Point } from '#common/geo';
import { OFFLINE_MAP, OFFLINE_MAP_TEXT } from '#common/offline-map';
import type { TourMapTiles } from '#common/offline-map-schemas';
import { corridorTiles } from './tile-corridor';

/** What one tile takes, on average, at the saved zooms (a city's OpenStreetMap tiles; a basemap's vector tiles). */
const ESTIMATED_TILE_BYTES = { raster: 25_000, vector: 45_000 } as const;

export interface OfflineMaps {
  tilesFor(stops: readonly Point[], options: { dense: boolean }): TourMapTiles;
}

export function createOfflineMaps(source: {
  kind: 'raster' | 'vector';
  maxZoom: number | undefined;
  extension: string;
  offered: boolean;
}): OfflineMaps {
  return {
    tilesFor(stops, { dense }) {
      if (!source.offered) return { offered: false, reason: OFFLINE_MAP_TEXT.notOffered, tiles: [], estimatedBytes: 0 };
      // A dense screen draws raster tiles of the next zoom (client/src/lib/map-tiles.ts); vector tiles are drawn at any
      // zoom from the archive's deepest.
      const shift = dense && source.kind === 'raster' ? 1 : 0;
      const deepest = Math.min(source.maxZoom ?? MAX_TILE_ZOOM, MAX_TILE_ZOOM);
      const tiles = new Set<string>();
      for (let zoom = OFFLINE_MAP.minZoom; zoom <= OFFLINE_MAP.maxZoom; zoom += 1) {
        const tileZoom = Math.min(zoom + shift, deepest);
        for (const tile of corridorTiles(stops, tileZoom, OFFLINE_MAP.corridorM, OFFLINE_MAP.maxTiles)) tiles.add(tile);
        if (tiles.size > OFFLINE_MAP.maxTiles)
          return { offered: false, reason: OFFLINE_MAP_TEXT.tooLarge, tiles: [], estimatedBytes: 0 };
      }
      const urls = [...tiles].map((tile) => `/tiles/${tile}.${source.extension}`);
      return {
        offered: true,
        reason: null,
        tiles: urls,
        estimatedBytes: urls.length * ESTIMATED_TILE_BYTES[source.kind],
      };
    },
  };
}
