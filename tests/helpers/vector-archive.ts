/**
 * A small vector basemap archive made from GeoJSON the tests write themselves (nothing downloaded): geojson-vt cuts
 * the features into tiles, vt-pbf encodes each as a Mapbox Vector Tile, and the PMTiles writer packs them. The layer
 * names and properties follow the Protomaps basemap's (`earth`, `water`, `roads`, `places` with `name` and
 * `name:xx`), so the client's style draws them as it would a real archive.
 */
import zlib from 'node:zlib';
import type { FeatureCollection } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import { writePmtiles, type ArchiveTile } from './pmtiles-writer';

type Layers = Record<string, FeatureCollection>;

/** A town square at `centre`: a lake, two streets and a place name in English and French. */
export function townLayers(centre: { latitude: number; longitude: number }): Layers {
  const { latitude: lat, longitude: lng } = centre;
  const around = (d: number) => [
    [lng - d, lat - d],
    [lng + d, lat - d],
    [lng + d, lat + d],
    [lng - d, lat + d],
    [lng - d, lat - d],
  ];
  return {
    earth: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { kind: 'earth' }, geometry: { type: 'Polygon', coordinates: [around(0.2)] } },
      ],
    },
    water: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { kind: 'lake' },
          geometry: { type: 'Polygon', coordinates: [around(0.002).map(([x, y]) => [x! + 0.004, y! + 0.003])] },
        },
      ],
    },
    roads: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { kind: 'major_road', name: 'High Street' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [lng - 0.02, lat],
              [lng + 0.02, lat],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { kind: 'minor_road', name: 'Mill Lane' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [lng, lat - 0.02],
              [lng, lat + 0.02],
            ],
          },
        },
      ],
    },
    places: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {
            kind: 'locality',
            name: 'Whisperton',
            'name:fr': 'Murmureville',
            min_zoom: 1,
            population_rank: 10,
          },
          geometry: { type: 'Point', coordinates: [lng + 0.001, lat + 0.001] },
        },
      ],
    },
  };
}

/** Every tile of `layers` from `minZoom` to `maxZoom` that holds something, gzip-compressed. */
export function vectorTiles(layers: Layers, minZoom: number, maxZoom: number): ArchiveTile[] {
  const indexes = Object.entries(layers).map(
    ([name, data]) => [name, new GeoJSONVT(data, { maxZoom, indexMaxZoom: maxZoom, indexMaxPoints: 0 })] as const,
  );
  const addresses = new Map<string, { z: number; x: number; y: number }>();
  for (const [, index] of indexes) {
    for (const coord of index.tileCoords)
      if (coord.z >= minZoom) addresses.set(`${coord.z}/${coord.x}/${coord.y}`, coord);
  }
  const tiles: ArchiveTile[] = [];
  for (const { z, x, y } of addresses.values()) {
    const byLayer: Record<string, unknown> = {};
    for (const [name, index] of indexes) {
      const tile = index.getTile(z, x, y);
      if (tile && tile.features.length > 0) byLayer[name] = tile;
    }
    if (Object.keys(byLayer).length > 0)
      tiles.push({ z, x, y, data: zlib.gzipSync(fromGeojsonVt(byLayer, { version: 2 })) });
  }
  return tiles;
}

export function vectorArchive(layers: Layers, options: { minZoom: number; maxZoom: number }): Buffer {
  return writePmtiles(vectorTiles(layers, options.minZoom, options.maxZoom), {
    metadata: { name: 'test town', vector_layers: Object.keys(layers).map((id) => ({ id, fields: {} })) },
  });
}
