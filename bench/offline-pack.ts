/**
 * The size of a tour saved for offline use (docs/decisions/039-maps-offline.md; goal ≤ 25 MB for a 3 km tour at
 * zooms 13-17): the real tile list the server gives (`createOfflineMaps`, the corridor of 300 m either side of the
 * line through the stops) for 3 km tours of two shapes, times the average tile size — the e2e tile stub's tile
 * (measured: it is what the e2e pack holds) and realistic sizes (stated below, assumptions). Run:
 * `npx tsx bench/offline-pack.ts`.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { offsetEast, offsetNorth, type Point } from '#common/geo';
import { haversineMetres } from '#common/geo';
import { createOfflineMaps } from '../server/src/modules/tiles/offline-map';
import { CITY_CENTRE } from './support';

/**
 * Average bytes per tile at zooms 13-17, assumptions: OpenStreetMap Carto raster tiles of a city centre average
 * 20-30 KB (25 KB is the server's own estimate, ESTIMATED_TILE_BYTES; dense downtown tiles reach 40 KB); Protomaps
 * basemap vector tiles of a city average 30-60 KB at these zooms (45 KB, the server's estimate; the deepest zoom of
 * a Protomaps build is 15, so zooms 16-17 reuse its tiles).
 */
const REALISTIC = { raster: 25_000, rasterDowntown: 40_000, vector: 45_000 };

/** A route of `metres` as stops every `every` metres: straight north, or a zigzag of 500 m legs. */
function route(shape: 'straight' | 'zigzag', metres: number, every = 300): Point[] {
  const stops: Point[] = [CITY_CENTRE];
  let here = CITY_CENTRE;
  for (let walked = every; walked <= metres; walked += every) {
    const leg = Math.floor((walked - 1) / 500);
    here = shape === 'straight' || leg % 2 === 0 ? offsetNorth(here, every) : offsetEast(here, every);
    stops.push(here);
  }
  return stops;
}

const lengthOf = (stops: Point[]) => stops.slice(1).reduce((sum, stop, i) => sum + haversineMetres(stops[i]!, stop), 0);
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

// The stub is plain JS without types; import it by URL (it is what the e2e tests use).
const stubModule = pathToFileURL(new URL('../tests/e2e/support/tile-stub.mjs', import.meta.url).pathname).href;
const { startTileStub } = (await import(stubModule)) as {
  startTileStub: () => Promise<{ url: string; close: () => Promise<void> }>;
};
const stub = await startTileStub();
const stubTileBytes = (await (await fetch(`${stub.url}/15/8000/13000.png`)).arrayBuffer()).byteLength;
await stub.close();

console.log(
  `load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
console.log(`e2e stub tile: ${stubTileBytes} bytes`);
for (const shape of ['straight', 'zigzag'] as const) {
  const stops = route(shape, 3_000);
  const rows: string[] = [];
  for (const [kind, dense] of [
    ['raster', false],
    ['raster', true],
    ['vector', false],
  ] as const) {
    const maps = createOfflineMaps({
      kind,
      maxZoom: kind === 'vector' ? 15 : undefined,
      extension: 'png',
      offered: true,
    });
    const { tiles } = maps.tilesFor(stops, { dense });
    const count = tiles.length;
    const sizes =
      kind === 'raster'
        ? `stub ${mb(count * stubTileBytes)}, realistic ${mb(count * REALISTIC.raster)} (downtown ${mb(count * REALISTIC.rasterDowntown)})`
        : `realistic ${mb(count * REALISTIC.vector)}`;
    rows.push(`  ${kind}${dense ? ' (dense screen, one zoom deeper)' : ''}: ${count} tiles → ${sizes}`);
  }
  console.log(`${shape} tour, ${Math.round(lengthOf(stops))} m, ${stops.length} stops:`);
  for (const row of rows) console.log(row);
}
