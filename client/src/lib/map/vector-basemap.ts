/**
 * The vector basemap (docs/decisions/038-vector-basemap-from-an-archive.md): the app's own vector tiles
 * (`/tiles/{z}/{x}/{y}.mvt`, from the server's PMTiles archive) drawn by protomaps-leaflet on canvas, in Protomaps'
 * dark flavour moved to the app's night colours, with labels in the reader's language where the archive has them
 * (`name:xx`, else the local name). Loaded only when a map with vector tiles mounts, never before the page's first look.
 */
import { DomUtil, GridLayer, type Layer } from 'leaflet';
import { namedFlavor } from '@protomaps/basemaps';
import { labelRules, leafletLayer, paintRules } from 'protomaps-leaflet';
import type { TileConfig } from '#client/lib/get-public-config';

/** Protomaps' dark flavour in the app's colours (index.css: night, mist, glow): calm, low contrast, no bright fills. */
const NIGHT = {
  ...namedFlavor('dark'),
  background: '#0b1020',
  earth: '#0e1428',
  water: '#081a33',
  buildings: '#151d38',
  park_a: '#0f1f2a',
  park_b: '#10222c',
  wood_a: '#0f1f2a',
  wood_b: '#10222c',
  minor_a: '#1c2647',
  minor_b: '#1c2647',
  other: '#1a2342',
  major: '#2a3764',
  highway: '#34407a',
  city_label: '#c5cbe3',
  city_label_halo: '#0b1020',
  subplace_label: '#a3abcb',
  subplace_label_halo: '#0b1020',
  roads_label_minor: '#a3abcb',
  roads_label_minor_halo: '#0b1020',
  roads_label_major: '#c5cbe3',
  roads_label_major_halo: '#0b1020',
  ocean_label: '#a3abcb',
  state_label: '#a3abcb',
  state_label_halo: '#0b1020',
  country_label: '#c5cbe3',
};

/** The reader's language for labels: the browser's first, as a bare code (`fr` of `fr-CA`). */
function readerLanguage(languages: readonly string[] = navigator.languages): string {
  return (languages[0] ?? 'en').split('-')[0]!.toLowerCase();
}

export function vectorBasemap(tiles: TileConfig): Layer {
  // protomaps-leaflet reaches Leaflet through the global `L` (a UMD habit); this app imports Leaflet's modules and
  // sets no global, so it is given the two classes it uses.
  const host = globalThis as { L?: unknown };
  host.L ??= { GridLayer, DomUtil };
  const lang = readerLanguage();
  return leafletLayer({
    url: tiles.tileUrl,
    paintRules: paintRules(NIGHT),
    labelRules: labelRules(NIGHT, lang),
    backgroundColor: NIGHT.background,
    lang,
    maxDataZoom: tiles.tileMaxZoom,
    attribution: tiles.tileAttribution,
  }) as unknown as Layer;
}
