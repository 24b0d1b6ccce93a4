import { useMemo } from 'react';
import { DEFAULT_ZOOM } from '#common/constants';
import type { Point } from '#common/geo';
import { MAP_BOX, mapBoxWidth, tileGrid } from '#common/tile-grid';

/**
 * The map's tiles around its first centre as plain images, filling the map's box (docs/decisions/028-map-first-look.md). They
 * are the URLs Leaflet asks for when it mounts, and on the home page the ones the page's first look showed before
 * any script ran (server/src/map-first-look.ts), so they come from the browser's cache: the map's imagery stays on
 * screen while React and then Leaflet take over, instead of an empty box for a moment.
 */
export function FirstLookTiles({ centre, tileUrl }: { centre: Point; tileUrl: string }) {
  const { latitude, longitude } = centre;
  // The box's size from the viewport's (MAP_BOX), not measured: a measurement in the commit that first shows the
  // page would lay the whole page out inside that task (bench/README.md: total blocking time).
  const grid = useMemo(
    () =>
      tileGrid({
        template: tileUrl,
        centre: { latitude, longitude },
        zoom: DEFAULT_ZOOM,
        // Leaflet's `Browser.retina`, which its `detectRetina` follows (lib/map-tiles.ts).
        dense: window.devicePixelRatio > 1,
        halfWidth: mapBoxWidth(window.innerWidth) / 2,
        halfHeight: MAP_BOX.heightPx / 2,
      }),
    [latitude, longitude, tileUrl],
  );
  return (
    <div
      aria-hidden
      data-first-look-tiles
      className="absolute inset-0 overflow-hidden rounded-2xl border border-night-700 bg-night-900"
    >
      {grid?.tiles.map(({ url, left, top }) => (
        <img
          key={url}
          src={url}
          alt=""
          width={grid.size}
          height={grid.size}
          className="absolute max-w-none"
          style={{ left: `calc(50% + ${left}px)`, top: `calc(50% + ${top}px)` }}
        />
      ))}
    </div>
  );
}
