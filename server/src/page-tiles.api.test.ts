/**
 * The page carries its tiles (on the app's own origin), so a map draws them without waiting for GET /api/config
 * (bench/README.md).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { PAGE_TILES_ELEMENT_ID } from '#common/constants';

const TILE_URL = 'https://tiles.example/{z}/{x}/{y}.png';
const HOSTILE_ATTRIBUTION = "© Maps </script><script>alert(1)</script> & <b>friends</b> $& $' $$";

describe('the page and its tiles', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-client-'));
    await fs.writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>Whispers</title></head><body></body></html>',
    );
    t = await createTestApp({ TILE_URL, TILE_ATTRIBUTION: HOSTILE_ATTRIBUTION }, { clientDir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(clientDir, { recursive: true, force: true });
  });

  const tilesIn = (html: string) => {
    const match = new RegExp(`<script type="application/json" id="${PAGE_TILES_ELEMENT_ID}">(.*?)</script>`).exec(html);
    return match ? (JSON.parse(match[1]!) as unknown) : undefined;
  };

  it.each(['/', '/discover', '/my-stories', '/stories/00000000-0000-4000-8000-000000000001'])(
    '%s carries the tile server and attribution as GET /api/config does, in one element no value can close',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json<{
        tileUrl: string;
        tileAttribution: string;
      }>();
      const { signedIn: _signedIn, ...tiles } = config as typeof config & { signedIn: boolean };
      expect(tilesIn(res.body)).toEqual(tiles);
      // The map's tiles come from the app's own origin, never the tile server's (docs/security.md).
      expect(config.tileUrl).toBe('/tiles/{z}/{x}/{y}.png');
      expect(config.tileAttribution).toBe(HOSTILE_ATTRIBUTION);
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body.match(/<\/script>/g)).toHaveLength(1);
      expect(res.body).not.toContain('tiles.example');
    },
  );

  it('answers the API and the assets as before', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/nowhere' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
