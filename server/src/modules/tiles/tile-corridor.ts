/**
 * The tiles of a corridor around a walking route (docs/decisions/039-maps-offline.md): every tile, at each zoom, that
 * comes within `corridorM` metres of the line through the stops in order. Worked out in Web Mercator pixels
 * (common/tile-grid.ts `projectToPixels`), sampling the line every quarter tile.
 */
import type { Point } from '#common/geo';
import { projectToPixels } from '#common/tile-grid';

const EARTH_CIRCUMFERENCE_M = 40_075_016.686;

/** Metres one CSS pixel covers at `latitude` and `zoom` (256-px tiles). */
function metresPerPixel(latitude: number, zoom: number): number {
  return (EARTH_CIRCUMFERENCE_M * Math.cos((latitude * Math.PI) / 180)) / (256 * 2 ** zoom);
}

/** `z/x/y` of every tile within `corridorM` of the route at `zoom`; stops after `limit` + 1 (the caller refuses). */
export function corridorTiles(route: readonly Point[], zoom: number, corridorM: number, limit: number): Set<string> {
  const tiles = new Set<string>();
  const side = 2 ** zoom;
  const addAround = (point: Point) => {
    const { x, y } = projectToPixels(point, zoom);
    const radius = corridorM / metresPerPixel(point.latitude, zoom);
    for (
      let ty = Math.max(0, Math.floor((y - radius) / 256));
      ty <= Math.min(side - 1, Math.floor((y + radius) / 256));
      ty += 1
    ) {
      for (let tx = Math.floor((x - radius) / 256); tx <= Math.floor((x + radius) / 256); tx += 1) {
        tiles.add(`${zoom}/${((tx % side) + side) % side}/${ty}`);
      }
    }
  };
  const points = route.length > 0 ? route : [];
  points.forEach((stop, i) => {
    addAround(stop);
    const next = points[i + 1];
    if (!next) return;
    const from = projectToPixels(stop, zoom);
    const to = projectToPixels(next, zoom);
    const steps = Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 64);
    for (let step = 1; step < steps && tiles.size <= limit; step += 1) {
      const t = step / steps;
      addAround({
        latitude: stop.latitude + (next.latitude - stop.latitude) * t,
        longitude: stop.longitude + (next.longitude - stop.longitude) * t,
      });
    }
  });
  return tiles;
}
