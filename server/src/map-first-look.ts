/**
 * The home page's first look, written into the page the server sends (docs/decisions/028-map-first-look.md): below the static
 * header, the page's top as React first draws it (the tab bar, walk mode's toggle, the room kept for the location
 * notes) and the map's box with the map's own tiles around the default centre. The map's imagery is the page's
 * largest paint; it no longer waits for the scripts, React's first render and Leaflet. React replaces all of it on
 * its first render, and Leaflet asks for the same tile URLs (tile-grid.ts), from the browser's cache.
 *
 * Keep the markup in step with client/src/app/routes/home.tsx, features/home/components/home-tabs.tsx and
 * features/walk/components/walk-toggle.tsx: tests/e2e/map-first-look.spec.ts checks that the box sits where the map
 * does, at a phone's and a desktop's width, and that its tiles are the map's.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Camera, Compass, Footprints, Map as MapIcon, PlusCircle, User, type LucideIcon } from 'lucide-react';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '#common/constants';
import { MAP_BOX, tileGrid, type TileGrid } from '#common/tile-grid';
import { escapeHtml } from './modules/share/share-tags';

/** home-tabs.tsx's `tabClass`, and its pressed look. */
const TAB =
  'inline-flex min-h-12 min-w-0 flex-col items-center justify-center gap-1 rounded-lg px-0.5 text-center text-[11px] font-medium leading-tight [overflow-wrap:anywhere] sm:whitespace-nowrap text-mist-300 transition-colors hover:bg-night-700 hover:text-mist-100 sm:min-h-10 sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm';
const TAB_PRESSED = 'bg-glow-600 text-white hover:bg-glow-700 hover:text-white';
/** ui/button.tsx's classes for the default variant and size (walk-toggle.tsx's "Walk"). */
const BUTTON =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 bg-glow-600 text-white hover:bg-glow-700 h-10 px-4 py-2';

/** An icon as React draws it in the page (lucide-react), its size set by the classes around it. */
function icon(Icon: LucideIcon): string {
  return renderToStaticMarkup(createElement(Icon, { 'aria-hidden': true }));
}

/** `<main>` of the home page's first look, or null when the tile template cannot be filled without Leaflet. */
export function homeFirstLook(tileUrl: string): string | null {
  const [standard, dense] = [false, true].map((denseScreen) =>
    tileGrid({
      template: tileUrl,
      centre: DEFAULT_CENTER,
      zoom: DEFAULT_ZOOM,
      dense: denseScreen,
      halfWidth: MAP_BOX.widestPx / 2,
      halfHeight: MAP_BOX.heightPx / 2,
    }),
  );
  if (!standard || !dense) return null;
  const tab = (Icon: LucideIcon, label: string, pressed = false) =>
    `<span class="${escapeHtml(pressed ? `${TAB} ${TAB_PRESSED}` : TAB)}"><span aria-hidden="true" class="[&amp;_svg]:h-4 [&amp;_svg]:w-4">${icon(Icon)}</span>${label}</span>`;
  return (
    `<main id="main" class="mx-auto w-full max-w-6xl flex-1 px-4 pb-24 pt-4"><div class="grid grid-cols-1 gap-5">` +
    `<div class="grid grid-cols-5 gap-1 rounded-xl border border-night-700 bg-night-900/80 p-1 sm:flex">` +
    `${tab(MapIcon, 'Explore/Map', true)}${tab(Camera, 'AR View')}${tab(User, 'My Stories')}${tab(Compass, 'Discover')}${tab(PlusCircle, 'Create')}</div>` +
    `<div class="grid gap-2"><div class="flex flex-wrap items-center gap-3"><span class="${escapeHtml(BUTTON)}">${icon(Footprints)}Walk</span>` +
    `<span class="text-sm text-mist-300">Keep the phone in your pocket: whispers play as you reach them.</span></div></div>` +
    `<div aria-hidden="true" class="min-h-[7.25rem]"></div>` +
    // "Jump to a place" (40 px) above the map: its room, so the map's box sits where the map comes.
    `<div class="grid grid-cols-1 gap-2"><div aria-hidden="true" class="h-10"></div>` +
    `<div data-map-first-look aria-hidden="true" class="relative h-96 w-full overflow-hidden rounded-2xl border border-night-700 bg-night-900">` +
    `${tileImages(standard, false)}${tileImages(dense, true)}</div></div>` +
    `</div></main>`
  );
}

/** A transparent pixel: what a tile outside the box, or of the other density, shows instead (nothing is fetched). */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
/** Leaflet's `Browser.retina`: a device pixel ratio above 1. */
const DENSE_SCREEN = '(min-resolution:1.01dppx)';

/**
 * One screen density's tiles, each placed from the box's centre as Leaflet places them. Both densities are in the
 * page, for the widest box; a tile shows (and is fetched) only on a screen of its density whose box reaches it, and
 * is otherwise a transparent pixel (a `<picture>` source chosen by media query, which the browser's preload scanner
 * reads too).
 */
function tileImages(grid: TileGrid, dense: boolean): string {
  const otherDensity = dense ? `not all and ${DENSE_SCREEN}` : DENSE_SCREEN;
  return grid.tiles
    .map(({ url, left, top }) => {
      // The box is the viewport less the page's padding and its own border; it reaches a tile whose nearer edge is
      // less than half its width from the centre.
      const reach = Math.max(left, -(left + grid.size));
      const narrowest = Math.ceil(MAP_BOX.insetPx + 2 * reach);
      const hidden = reach > 0 ? `${otherDensity}, (max-width:${narrowest}px)` : otherDensity;
      return (
        `<picture><source media="${hidden}" srcset="${NOTHING}">` +
        `<img src="${escapeHtml(url)}" alt="" width="${grid.size}" height="${grid.size}" style="position:absolute;max-width:none;left:calc(50% + ${round(left)}px);top:calc(50% + ${round(top)}px)"></picture>`
      );
    })
    .join('');
}

/** The page with `main` after its static header (inside the root React replaces); unchanged without that header. */
export function pageWithFirstLook(html: string, main: string): string {
  const marker = '</header>';
  if (!html.includes(marker)) return html;
  return html.replace(marker, () => `${marker}${main}`);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
