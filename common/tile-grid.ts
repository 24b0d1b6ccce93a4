/**
 * The map tiles Leaflet draws around a centre, worked out without Leaflet (bench/README.md: a map page's first look). The
 * server writes them into the page it sends, so the map's imagery paints before any script has run; Leaflet then
 * asks for the very same URLs (served from the browser's cache) when it mounts in the same box.
 *
 * It follows Leaflet's own placement: Web Mercator (EPSG:3857) at 256 px per tile at zoom 0, the tile range that
 * covers the view, the URL template's placeholders, and `detectRetina` on a screen with more than one device pixel
 * per CSS pixel (client/src/lib/map-tiles.ts): tiles of the next zoom, each drawn at 128 CSS px.
 */
import type { Point } from './geo';

/** Leaflet's SphericalMercator limit: beyond it the projection is infinite. */
const MAX_LATITUDE = 85.0511287798;
/** Leaflet TileLayer's default `subdomains` for `{s}`. */
const SUBDOMAINS = 'abc';

/**
 * The story map's box on the map pages, inside its 1-px border: the page's column (max-w-6xl, 72rem) less its
 * padding (px-4), and h-96. Known without measuring, so neither the server nor React's first commit has to ask the
 * browser for a layout.
 */
const MAP_BOX_INSET_PX = 32 + 2;
export const MAP_BOX = {
  /** What the page's padding and the box's border take from the viewport's width. */
  insetPx: MAP_BOX_INSET_PX,
  widestPx: 1152 - MAP_BOX_INSET_PX,
  heightPx: 384 - 2,
} as const;

/** The map box's inner width on a viewport `viewportWidth` CSS px wide. */
export function mapBoxWidth(viewportWidth: number): number {
  return Math.min(viewportWidth - MAP_BOX.insetPx, MAP_BOX.widestPx);
}

interface GridTile {
  url: string;
  /** The tile's top-left corner, in CSS px from the view's centre. */
  left: number;
  top: number;
}

export interface TileGrid {
  /** The tiles' drawn size in CSS px (256, or 128 on a dense screen). */
  size: number;
  tiles: GridTile[];
}

/** `point` in CSS px from the world's top-left corner at `zoom` (Leaflet's `map.project`). */
export function projectToPixels(point: Point, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const latitude = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, point.latitude));
  const sin = Math.sin((latitude * Math.PI) / 180);
  return {
    x: (scale * (point.longitude + 180)) / 360,
    y: scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)),
  };
}

/**
 * The tiles covering a view of `halfWidth` × `halfHeight` CSS px either side of `centre` at map zoom `zoom`, with the
 * URLs Leaflet's TileLayer makes from `template`. Null when the template has a placeholder Leaflet fills from the
 * layer's own options (an API key, say), which only the map knows.
 */
export function tileGrid(options: {
  template: string;
  centre: Point;
  zoom: number;
  /** More than one device pixel per CSS pixel (Leaflet's `Browser.retina`). */
  dense: boolean;
  halfWidth: number;
  halfHeight: number;
}): TileGrid | null {
  const { template, centre, zoom, dense, halfWidth, halfHeight } = options;
  const size = dense ? 128 : 256;
  const urlZoom = dense ? zoom + 1 : zoom;
  const count = 2 ** urlZoom;
  const at = projectToPixels(centre, zoom);
  const first = { x: Math.floor((at.x - halfWidth) / size), y: Math.floor((at.y - halfHeight) / size) };
  const last = { x: Math.ceil((at.x + halfWidth) / size) - 1, y: Math.ceil((at.y + halfHeight) / size) - 1 };
  const tiles: GridTile[] = [];
  for (let y = Math.max(0, first.y); y <= Math.min(count - 1, last.y); y += 1) {
    for (let x = first.x; x <= last.x; x += 1) {
      // Leaflet wraps the longitude (its `_wrapCoords`), not the latitude.
      const wrappedX = ((x % count) + count) % count;
      const values: Record<string, string | number> = {
        r: dense ? '@2x' : '',
        s: SUBDOMAINS[Math.abs(wrappedX + y) % SUBDOMAINS.length]!,
        x: wrappedX,
        y,
        z: urlZoom,
        '-y': count - 1 - y,
      };
      const url = fillTemplate(template, values);
      if (url === null) return null;
      tiles.push({ url, left: x * size - at.x, top: y * size - at.y });
    }
  }
  return { size, tiles };
}

/** Leaflet's `Util.template`; null for a placeholder it would fill from the layer's options. */
function fillTemplate(template: string, values: Record<string, string | number>): string | null {
  let unknown = false;
  const url = template.replace(/\{ *([\w_ -]+) *\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) unknown = true;
    return String(value ?? '');
  });
  return unknown ? null : url;
}
