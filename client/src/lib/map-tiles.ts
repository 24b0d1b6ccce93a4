import { MAX_TILE_ZOOM } from '#common/constants';

/**
 * Map tiles at the screen's own resolution (docs/decisions/015-installable-offline-push.md, Lighthouse "image-size-responsive"): on a screen with more
 * than one device pixel per CSS pixel, Leaflet's `detectRetina` draws each 256-px tile at 128 CSS px from the
 * next zoom level, so a phone's map is sharp rather than upscaled. `detectRetina` lowers the layer's maxZoom by
 * one, so it is raised by one here (tiles still show at the map's MAX_TILE_ZOOM), and `maxNativeZoom` keeps the
 * zoom asked of the tile server (plus detectRetina's offset of one) within MAX_TILE_ZOOM.
 */
export function tileLayerZoomOptions(): { detectRetina: boolean; maxZoom: number; maxNativeZoom: number } {
  const dense = typeof window !== 'undefined' && window.devicePixelRatio > 1;
  return dense
    ? { detectRetina: true, maxZoom: MAX_TILE_ZOOM + 1, maxNativeZoom: MAX_TILE_ZOOM - 1 }
    : { detectRetina: false, maxZoom: MAX_TILE_ZOOM, maxNativeZoom: MAX_TILE_ZOOM };
}
