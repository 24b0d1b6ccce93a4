import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_TILE_ZOOM, PAGE_TILES_ELEMENT_ID } from '#common/constants';
import { callApi } from '#client/lib/api';
import { pageConfig, type PublicConfig } from '#client/lib/api-client';
import { queryKeys } from '#client/lib/query-keys';

/** GET /api/config: the tile server and its attribution (never changes while the page is open). */
const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  // The page's first call already fetched it; asked again only when that one failed.
  queryFn: async ({ signal }) => (await pageConfig()) ?? callApi('publicConfig', { signal }),
});

function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

export type TileConfig = Pick<PublicConfig, 'tileUrl' | 'tileAttribution' | 'tileKind' | 'tileMaxZoom' | 'offlineMaps'>;

/**
 * The tile server the page was served with (the server writes it into every page: app.ts `pageWithTiles`); absent
 * from a page the service worker kept, or from a development server's. Read once.
 */
let pageTilesRead = false;
let pageTiles: TileConfig | undefined;
function tilesOfPage(): TileConfig | undefined {
  if (pageTilesRead) return pageTiles;
  pageTilesRead = true;
  try {
    const parsed = JSON.parse(
      document.getElementById(PAGE_TILES_ELEMENT_ID)?.textContent ?? 'null',
    ) as Partial<TileConfig> | null;
    if (typeof parsed?.tileUrl === 'string' && typeof parsed.tileAttribution === 'string') {
      pageTiles = {
        tileUrl: parsed.tileUrl,
        tileAttribution: parsed.tileAttribution,
        tileKind: parsed.tileKind === 'vector' ? 'vector' : 'raster',
        tileMaxZoom: typeof parsed.tileMaxZoom === 'number' ? parsed.tileMaxZoom : MAX_TILE_ZOOM,
        offlineMaps: parsed.offlineMaps === true,
      };
    }
  } catch {
    // Not JSON: the map waits for GET /api/config as before.
  }
  return pageTiles;
}

/**
 * What a map draws its tiles from: the page's own tile server at once, else GET /api/config's answer once it is in
 * (bench/README.md: the map's first tiles are the page's largest paint and no longer wait for that call).
 */
export function useTileConfig(): TileConfig | undefined {
  const config = usePublicConfig();
  return tilesOfPage() ?? config.data;
}
