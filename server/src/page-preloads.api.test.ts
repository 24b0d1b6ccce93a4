/** A map page names its own chunks in the page the server sends (bench/README.md); other pages do not. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

const INDEX_HTML =
  '<!doctype html><html><head><title>Whispers</title><script type="module" crossorigin src="/assets/index-e1.js"></script>' +
  '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-r1.js"></head><body></body></html>';

// The shape of Vite's build manifest: chunks by key, each naming its imports by key.
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', name: 'index', isEntry: true, imports: ['_react-r1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js', name: 'react' },
  '_home-h1.js': { file: 'assets/home-h1.js', name: 'home', imports: ['_react-r1.js', '_sparkles-s1.js'] },
  '_sparkles-s1.js': { file: 'assets/sparkles-s1.js', name: 'sparkles' },
  'src/app/routes/discover.tsx': { file: 'assets/discover-d1.js', name: 'discover', imports: ['_react-r1.js'] },
  'src/features/stories/components/map/story-map.tsx': {
    file: 'assets/story-map-m1.js',
    name: 'story-map',
    imports: ['_leaflet-l1.js', '_react-r1.js'],
    css: ['assets/story-map-m1.css'],
  },
  '_leaflet-l1.js': { file: 'assets/leaflet-l1.js', name: 'leaflet', css: ['assets/leaflet-l1.css'] },
  'src/app/routes/my-stories.tsx': { file: 'assets/my-stories-y1.js', name: 'my-stories' },
};

const scriptsIn = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1]);
const stylesIn = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="style"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1]);

describe('map pages name their own chunks', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-client-'));
    await fs.writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
    await fs.mkdir(path.join(clientDir, '.vite'));
    await fs.writeFile(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await createTestApp({}, { clientDir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(clientDir, { recursive: true, force: true });
  });

  const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

  it("/ names the home page and what it imports, each once, the entry's own chunks not again; not the map (its first look is in the page)", async () => {
    const html = await page('/');
    expect(scriptsIn(html).sort()).toEqual(['home-h1.js', 'react-r1.js', 'sparkles-s1.js']);
    expect(stylesIn(html)).toEqual([]);
    expect(html).not.toContain('discover-d1.js');
  });

  it.each(['/discover', '/discover-advanced'])(
    '%s names the discovery page and the map, not the home page',
    async (url) => {
      const html = await page(url);
      expect(scriptsIn(html).sort()).toEqual(['discover-d1.js', 'leaflet-l1.js', 'react-r1.js', 'story-map-m1.js']);
      expect(html).not.toContain('home-h1.js');
    },
  );

  it('does not serve the build manifest itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.body).not.toContain('story-map-m1.js');
  });

  it.each(['/my-stories', '/setup', '/nowhere'])('%s is the plain page', async (url) => {
    expect(await page(url)).toBe(await page('/my-stories'));
    expect(scriptsIn(await page(url))).toEqual(['react-r1.js']);
  });
});
