/**
 * The pages the app can open on that show the story map (bench/README.md: their first screen waits for the map's tiles).
 * The client fetches their chunks before its first render (client/src/app/router.tsx `preloadPage`), and the server
 * names chunks in the page it sends (server/src/page-preloads.ts), so the browser asks for them while the entry's
 * scripts load rather than after.
 */
export type MapPage = 'home' | 'discover';

/** The map page at `pathname` (as the client routes it: client/src/config/paths.ts), or null. */
export function mapPageAt(pathname: string): MapPage | null {
  if (pathname === '/' || pathname.startsWith('/stories/')) return 'home';
  if (pathname === '/discover' || pathname === '/discover-advanced') return 'discover';
  return null;
}

/**
 * The chunks the server names in each map page, by their name in the build (vite.config.ts groups and module names).
 * The home page's map code is not among them: its page already carries the map's first tiles (decision 028), so the
 * 42 KiB of Leaflet wait for the entry's own request instead of sharing the first screen's bandwidth with them.
 */
export const MAP_PAGE_CHUNKS: Record<MapPage, readonly string[]> = {
  home: ['home'],
  discover: ['discover', 'story-map'],
};
