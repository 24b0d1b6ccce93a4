/**
 * The story map's chunk (Leaflet, ~45 KiB gzip), loaded apart from the pages that show it. One loader for every
 * caller, so the router can start it before the page that renders the map has arrived (issue 28).
 */
export const loadStoryMap = () => import('./story-map');
