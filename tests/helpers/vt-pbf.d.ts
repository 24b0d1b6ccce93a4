/** The one function of vt-pbf the tests use: geojson-vt tiles, by layer name, as a Mapbox Vector Tile. */
declare module 'vt-pbf' {
  export function fromGeojsonVt(
    layers: Record<string, unknown>,
    options?: { version?: number; extent?: number },
  ): Uint8Array;
}
