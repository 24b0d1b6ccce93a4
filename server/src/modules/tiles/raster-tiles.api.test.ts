/**
 * GET /tiles/{z}/{x}/{y}.png (docs/decisions/037-tiles-through-whispers.md): the server fetches a tile once from
 * TILE_URL on its own behalf (nothing of the reader goes with it), keeps it, serves it with an ETag and long cache
 * headers, refuses bad addresses, and answers a missing tile 503 at once while the tile server is out.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { startS3StandIn, type S3StandIn } from '#tests/helpers/s3-stand-in';
import { startUpstreamStub, stubTileBytes, type UpstreamStub } from './test-support/upstream-stub';

const METRICS_TOKEN = 'tile-metrics-token-0123456789';

describe('raster tiles through the app', () => {
  let upstream: UpstreamStub;
  let t: TestApp;
  beforeAll(async () => {
    upstream = await startUpstreamStub();
    t = await createTestApp(
      {
        TILE_URL: upstream.template,
        PUBLIC_URL: 'https://whispers.example',
        TILE_CONTACT: 'maps@whispers.example',
        METRICS_TOKEN,
      },
      { tiles: { upstreamTimeoutMs: 400 } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
  });
  beforeEach(() => {
    upstream.mode = 'ok';
    upstream.cacheControl = 'max-age=3600';
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('fetches a tile once, as the server (never with the reader’s cookie, address or Referer), then serves it from the cache', async () => {
    const before = upstream.requests.length;
    const first = await get('/tiles/13/2200/3300.png', {
      cookie: 'whispers_reader=secret-reader',
      referer: 'https://whispers.example/stories/abc',
      'x-forwarded-for': '198.51.100.7',
      'user-agent': 'ReaderPhone/1.0',
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.equals(stubTileBytes('/13/2200/3300.png'))).toBe(true);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=604800/);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);

    const asked = upstream.requests.slice(before);
    expect(asked).toHaveLength(1);
    const sent = asked[0]!.headers;
    expect(sent['user-agent']).toBe('Whispers tile cache (+https://whispers.example; maps@whispers.example)');
    expect(sent.cookie).toBeUndefined();
    expect(sent.referer).toBeUndefined();
    expect(sent['x-forwarded-for']).toBeUndefined();
    expect(JSON.stringify(sent)).not.toContain('secret-reader');
    expect(JSON.stringify(sent)).not.toContain('198.51.100.7');

    const again = await get('/tiles/13/2200/3300.png');
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(upstream.requests.length - before).toBe(1);
    // On disk under DATA_DIR/tiles, not in the heap.
    await expect(fs.stat(path.join(t.dataDir, 'tiles', '13', '2200', '3300.png'))).resolves.toBeTruthy();

    const notModified = await get('/tiles/13/2200/3300.png', { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('asks the tile server once for a tile many readers want at the same moment', async () => {
    const before = upstream.requests.length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => get('/tiles/12/1000/1500.png')));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(upstream.requests.length - before).toBe(1);
  });

  it.each([
    ['/tiles/a/1/1.png', 400],
    ['/tiles/1/1/b.png', 400],
    ['/tiles/-1/0/0.png', 400],
    ['/tiles/19/0/0.png', 404],
    ['/tiles/2/4/0.png', 404],
    ['/tiles/2/0/4.png', 404],
    ['/tiles/2/0/0.mvt', 404],
    ['/tiles/2/0/0.png.map', 400],
    ['/tiles/anything', 404],
    ['/tiles/1/2/3/4.png', 404],
  ])('refuses %s with %i and a message, asking nobody', async (url, status) => {
    const before = upstream.requests.length;
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(upstream.requests.length).toBe(before);
  });

  it('a tile the tile server does not have is 404', async () => {
    upstream.mode = 'missing';
    const res = await get('/tiles/5/3/3.png');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps nothing the tile server says not to store', async () => {
    upstream.cacheControl = 'no-store';
    const before = upstream.requests.length;
    expect((await get('/tiles/6/10/10.png')).statusCode).toBe(200);
    expect((await get('/tiles/6/10/10.png')).statusCode).toBe(200);
    expect(upstream.requests.length - before).toBe(2);
  });

  it('while the tile server is out: cached tiles are served, a missing one is 503 with Retry-After at once, never a hang', async () => {
    expect((await get('/tiles/7/20/20.png')).statusCode).toBe(200);
    upstream.mode = 'hang';
    const started = Date.now();
    const missing = await get('/tiles/7/21/21.png');
    expect(missing.statusCode).toBe(503);
    expect(Number(missing.headers['retry-after'])).toBeGreaterThan(0);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.json()).toEqual({ message: 'The map is not available right now' });
    expect(Date.now() - started).toBeLessThan(3000);

    upstream.mode = 'error';
    for (const y of [22, 23, 24]) expect((await get(`/tiles/7/22/${y}.png`)).statusCode).toBe(503);
    // Taken as out now: the next missing tile is refused without asking.
    const before = upstream.requests.length;
    const refused = await get('/tiles/7/30/30.png');
    expect(refused.statusCode).toBe(503);
    expect(upstream.requests.length).toBe(before);
    const cached = await get('/tiles/7/20/20.png');
    expect(cached.statusCode).toBe(200);
    expect(cached.rawPayload.equals(stubTileBytes('/7/20/20.png'))).toBe(true);
  });

  it('counts hits, misses, tile server errors and its latency in the metrics', async () => {
    const res = await get('/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.statusCode).toBe(200);
    const value = (name: string) =>
      Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'm').exec(res.body)?.[1] ?? NaN);
    expect(value('whispers_tile_cache_hits_total')).toBeGreaterThanOrEqual(2);
    expect(value('whispers_tile_cache_misses_total')).toBeGreaterThanOrEqual(3);
    expect(value('whispers_tile_upstream_errors_total')).toBeGreaterThanOrEqual(1);
    expect(value('whispers_tile_upstream_seconds_count')).toBeGreaterThanOrEqual(3);
  });
});

describe('raster tiles with S3_BUCKET set', () => {
  let upstream: UpstreamStub;
  let s3: S3StandIn;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    upstream = await startUpstreamStub();
    s3 = await startS3StandIn();
    first = await createTestApp({ TILE_URL: upstream.template, ...s3.env });
    second = await createTestApp({ TILE_URL: upstream.template, ...s3.env });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await s3?.close();
    await upstream?.close();
  });

  it('keeps tiles in the bucket, so another instance serves one without asking the tile server again', async () => {
    expect((await first.app.inject({ url: '/tiles/10/500/400.png' })).statusCode).toBe(200);
    expect(upstream.requests).toHaveLength(1);
    const fromSecond = await second.app.inject({ url: '/tiles/10/500/400.png' });
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.rawPayload.equals(stubTileBytes('/10/500/400.png'))).toBe(true);
    expect(upstream.requests).toHaveLength(1);
    await expect(fs.stat(path.join(first.dataDir, 'tiles'))).rejects.toThrow();
  });
});
