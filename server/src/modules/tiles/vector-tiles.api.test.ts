/**
 * MAP_ARCHIVE (docs/decisions/038-vector-basemap-from-an-archive.md): vector tiles from a PMTiles v3 archive the test
 * builds from its own GeoJSON, served from /tiles/{z}/{x}/{y}.mvt by range reads, with no tile server at all.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Compression, TileType } from 'pmtiles';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { townLayers, vectorArchive, vectorTiles } from '#tests/helpers/vector-archive';
import { writePmtiles } from '#tests/helpers/pmtiles-writer';
import { projectToPixels } from '#common/tile-grid';
import { loadConfig } from '../../config';
import { buildApp } from '../../app';

const CENTRE = { latitude: 48.8566, longitude: 2.3522 };
const tileAt = (zoom: number) => {
  const { x, y } = projectToPixels(CENTRE, zoom);
  return { x: Math.floor(x / 256), y: Math.floor(y / 256) };
};

describe('vector tiles from a PMTiles archive', () => {
  let dir: string;
  let t: TestApp;
  const expected = new Map<string, Buffer>();
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-archive-'));
    const layers = townLayers(CENTRE);
    for (const tile of vectorTiles(layers, 12, 14))
      expected.set(`${tile.z}/${tile.x}/${tile.y}`, zlib.gunzipSync(tile.data));
    await fs.writeFile(path.join(dir, 'town.pmtiles'), vectorArchive(layers, { minZoom: 12, maxZoom: 14 }));
    // An unreachable tile server: nothing may be asked of it.
    t = await createTestApp({
      MAP_ARCHIVE: path.join(dir, 'town.pmtiles'),
      TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('tells the client its tiles are vector tiles on the app’s origin, to zoom 14, and may be saved offline', async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config).toMatchObject({
      tileKind: 'vector',
      tileUrl: '/tiles/{z}/{x}/{y}.mvt',
      tileMaxZoom: 14,
      offlineMaps: true,
    });
  });

  it('serves a tile as stored (gzip), the same vector tile the GeoJSON made, with an ETag and long cache headers', async () => {
    const { x, y } = tileAt(14);
    const res = await t.app.inject({ url: `/tiles/14/${x}/${y}.mvt`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=604800/);
    expect(zlib.gunzipSync(res.rawPayload).equals(expected.get(`14/${x}/${y}`)!)).toBe(true);
    expect(zlib.gunzipSync(res.rawPayload).toString('latin1')).toContain('Murmureville');

    const pbf = await t.app.inject({ url: `/tiles/14/${x}/${y}.pbf` });
    expect(pbf.statusCode).toBe(200);
    const again = await t.app.inject({
      url: `/tiles/14/${x}/${y}.mvt`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['a raster address', (x: number, y: number) => `/tiles/14/${x}/${y}.png`, 404],
    ['beyond the archive’s zoom', (x: number, y: number) => `/tiles/15/${x * 2}/${y * 2}.mvt`, 404],
    ['outside the archive’s area', () => '/tiles/14/0/0.mvt', 404],
    ['outside the zoom’s grid', () => '/tiles/3/8/0.mvt', 404],
    ['not numbers', () => '/tiles/14/x/y.mvt', 400],
  ])('refuses %s', async (_name, url, status) => {
    const { x, y } = tileAt(14);
    const res = await t.app.inject({ url: url(x, y) });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('reads an archive whose directory needs leaf directories', async () => {
    const tiles = Array.from({ length: 20_000 }, (_, i) => ({
      z: 12,
      x: i % 4096,
      y: Math.floor(i / 4096),
      data: Buffer.from(`tile ${i}`),
    }));
    const file = path.join(dir, 'large.pmtiles');
    await fs.writeFile(file, writePmtiles(tiles, { tileCompression: Compression.None, tileType: TileType.Mvt }));
    const large = await createTestApp({ MAP_ARCHIVE: file });
    try {
      for (const i of [0, 4097, 12_345, 19_999]) {
        const res = await large.app.inject({ url: `/tiles/12/${i % 4096}/${Math.floor(i / 4096)}.mvt` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body).toBe(`tile ${i}`);
      }
    } finally {
      await large.close();
    }
    // A second app starts slowly on a loaded machine.
  }, 120_000);

  it('stops the start with a clear message when the archive cannot be read', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      MAP_ARCHIVE: path.join(dir, 'missing.pmtiles'),
    });
    await expect(buildApp(config, { database: t.database })).rejects.toThrow(
      /MAP_ARCHIVE .*missing\.pmtiles cannot be read as a PMTiles v3 archive/,
    );
  });
});
