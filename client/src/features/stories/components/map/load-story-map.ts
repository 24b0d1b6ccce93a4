import { preloadableLazy } from '#client/lib/preloadable-lazy';

/**
 * The story map's chunk (Leaflet, ~45 KiB gzip), loaded apart from the pages that show it. One lazy component for
 * every page, so the app can fetch it before the page that renders the map has rendered (bench/README.md): a map page
 * opened first then draws its map without suspending.
 */
export const storyMap = preloadableLazy(
  () => import('./story-map'),
  (module) => module.default,
);
