/**
 * Benchmark of the home map's main thread (issue "Home screen" quality bar: clustering never blocks the main
 * thread; DOM markers stay under ~500; 10,000 stories in view stay smooth).
 *
 *   npx tsx bench/map-main-thread.ts [--n 5000] [--n 10000] [--repeat 2] [--keep-db] [--skip-dense] [--cpu-throttle 4]
 *
 * For every N: seeds N stories (seed-city.ts, shrunk around the reader so that all of them fall inside the
 * zoom-13 viewport), starts the real app in a child process (bench/serve.ts, local tile stub), loads `/` in
 * Debian's Chromium (phone 390×844 and desktop 1280×800) and records, from an init-script PerformanceObserver
 * ('longtask', buffered) and a MutationObserver on Leaflet's marker pane: time to first story marker, total
 * blocking time (Σ duration − 50 ms) and the longest task during start-up, DOM markers, stories received from
 * the bbox call; then zooms, drills into clusters and pans, recording the same per step. Finally it times
 * supercluster on the main thread (in the page, and the app's cluster-index.ts in Node) for the same points,
 * i.e. what the Web Worker keeps off the main thread. Last, a dense worst case: 1,000 stories in one zoom-18 view.
 * Database: MAPBENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/whispers_mapbench, created if missing).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { createClusterIndex } from '../client/src/features/stories/components/map/cluster-index';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS_PX, MAX_DOM_MARKERS } from '../client/src/features/stories/components/map/cluster-protocol';
import { DEFAULT_ZOOM, MAP_RESULT_CAP } from '#common/constants';
import { CHROMIUM_ARGS } from '../playwright.config';
import { openDatabase, type Database } from '../server/src/db/client';
import { users } from '../server/src/db/schema';
import { seedCity } from '../server/src/modules/stories/test-support/seed-city';
import { buildClientIfStale } from '../scripts/client-build.mjs';
import { ensurePostgresDatabase } from './support';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', multiple: true },
    repeat: { type: 'string', default: '2' },
    'keep-db': { type: 'boolean', default: false },
    'skip-dense': { type: 'boolean', default: false },
    // Chromium's CPU throttling of the page's main thread (DevTools' "4× slowdown" ≈ a mid-range phone).
    'cpu-throttle': { type: 'string', default: '1' },
  },
});

const SIZES = (args.n ?? ['5000', '10000']).map(Number);
const REPEAT = Number(args.repeat);
const CPU_THROTTLE = Number(args['cpu-throttle']);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DB_URL = process.env.MAPBENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/whispers_mapbench';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Not the default centre, so start-up takes the real path: map at the default, then recentred on the reader.
const READER = { latitude: 32.05, longitude: -81.07 };
/**
 * seed-city puts its 40 clusters up to ±0.12° lat / ±0.14° lng from the centre; the phone's map (358×384 px) at
 * zoom 13 shows only ±0.031° lng × ±0.028° lat. Seeding with a ±0.12° background and then shrinking the whole
 * city 5× around the reader keeps its shape (dense clusters of ~45 m σ, sparse background) and puts all N in view.
 */
const CITY_SCALE = 0.2;
const SEED_HALF_DEGREES = 0.12;
/**
 * Worst case for the DOM (run unless --skip-dense): the same seed shrunk into a ~150 m square, smaller
 * than the phone's view at zoom 18, where clusters have dissolved, so one view holds far more than
 * MAX_DOM_MARKERS stories and the client draws its full 500.
 */
const DENSE_N = 1_000;
const DENSE_SCALE = 0.006;
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const LONG_TASK_MS = 50;

// ---------------------------------------------------------------------------------------------------------
// Set-up: client build, database, tile stub, app process, browser — all torn down by `cleanup`.

const cleanups: (() => Promise<unknown> | unknown)[] = [];
let cleaning: Promise<void> | undefined;
function cleanup() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('cleanup:', error);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanup().then(() => process.exit(130)));
}


/** A fresh city of N stories around the reader (the author is a plain user, like bench/run.ts makes). */
async function seed(database: Database, n: number, scale: number) {
  const [{ count } = { count: 0 }] = await database.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM stories`);
  if (args['keep-db'] && count === n && scale === CITY_SCALE) return;
  await database.query(sql`TRUNCATE stories CASCADE`);
  const stamp = Date.now();
  const [author] = await database.db
    .insert(users)
    .values({ username: `mapbench_${stamp}`, email: `mapbench${stamp}@example.test`, displayName: 'Map Bench', passwordHash: 'x' })
    .returning();
  await seedCity(database, { count: n, authorId: author!.id, centre: READER, backgroundHalfDegrees: SEED_HALF_DEGREES });
  await database.query(sql`
    UPDATE stories SET latitude = ${READER.latitude}::float8 + (latitude - ${READER.latitude}::float8) * ${scale}::float8,
                       longitude = ${READER.longitude}::float8 + (longitude - ${READER.longitude}::float8) * ${scale}::float8`);
  await database.query(sql`ANALYZE stories`);
}

/** Visible stories inside a box (what "in view" means for the reader; every 50th seeded story is private). */
async function countInBox(database: Database, [west, south, east, north]: number[]) {
  const [row] = await database.query<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM stories
    WHERE is_public AND hidden_at IS NULL AND latitude BETWEEN ${south} AND ${north} AND longitude BETWEEN ${west} AND ${east}`);
  return row?.count ?? 0;
}

async function startApp(tileUrl: string, dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = fork(path.join(root, 'bench/serve.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: DB_URL, DATABASE_POOL_SIZE: '4', DATA_DIR: dataDir, TILE_URL: `${tileUrl}/{z}/{x}/{y}.png` },
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
  });
  return { child, baseUrl };
}

// ---------------------------------------------------------------------------------------------------------
// In the page. Plain strings, not functions: tsx compiles with keepNames, and the `__name` helper it wraps
// named functions with does not exist in the page.

/**
 * Runs before the app's scripts: long tasks (buffered, so nothing before the observer is lost) and every change
 * of the marker pane's children, timestamped. The observer watches the pane only (childList, not the whole
 * document) so that measuring adds next to nothing to the main thread.
 */
const INIT_SCRIPT = `(() => {
  const s = { tasks: [], frames: [], samples: [], all: 0, stories: 0, maxAll: 0, maxStories: 0, lastChange: 0, firstStoryAt: null, firstStoryPaintAt: null };
  window.__bench = s;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) s.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Long animation frames name the scripts behind a long task (which bundle chunk, which callback).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const top = [...e.scripts].sort((a, b) => b.duration - a.duration).slice(0, 2);
      s.frames.push([e.startTime, e.duration, top.map((x) => (x.invoker || x.invokerType) + ' ' + String(x.sourceURL).split('/').pop() + ' ' + Math.round(x.duration) + 'ms').join('; ')]);
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  let pane = null;
  const observer = new MutationObserver(() => count());
  const count = () => {
    const all = pane ? pane.childElementCount : 0;
    const stories = pane ? pane.querySelectorAll(':scope > .story-marker, :scope > .story-cluster').length : 0;
    if (all === s.all && stories === s.stories) return;
    const now = performance.now();
    s.all = all; s.stories = stories; s.lastChange = now;
    s.maxAll = Math.max(s.maxAll, all); s.maxStories = Math.max(s.maxStories, stories);
    s.samples.push([now, all, stories]);
    if (stories > 0 && s.firstStoryAt === null) {
      s.firstStoryAt = now;
      requestAnimationFrame(() => setTimeout(() => { s.firstStoryPaintAt = performance.now(); }, 0));
    }
  };
  // The pane appears when Leaflet (lazy-loaded) creates the map; re-attach if the map is ever re-created.
  setInterval(() => {
    if (pane && pane.isConnected) return;
    pane = document.querySelector('.leaflet-marker-pane');
    if (pane) { observer.disconnect(); observer.observe(pane, { childList: true }); count(); }
  }, 20);
})();`;

interface PageState {
  tasks: [start: number, duration: number][];
  frames: [start: number, duration: number, scripts: string][];
  samples: [time: number, all: number, stories: number][];
  all: number;
  stories: number;
  maxAll: number;
  maxStories: number;
  lastChange: number;
  firstStoryAt: number | null;
  firstStoryPaintAt: number | null;
}

const readState = (page: Page) => page.evaluate<PageState>('window.__bench');
const pageNow = (page: Page) => page.evaluate<number>('performance.now()');

/** The map's zoom, from the tiles of the level Leaflet shows on top (z-index = maxZoom for the current level). */
const zoomOf = (page: Page) =>
  page.evaluate<number | null>(`(() => {
    for (const level of document.querySelectorAll('.leaflet-tile-container')) {
      if (level.style.zIndex !== '18') continue;
      const tile = level.querySelector('img');
      const m = tile && /\\/(\\d+)\\/\\d+\\/\\d+\\.png$/.exec(tile.src);
      if (m) return Number(m[1]);
    }
    return null;
  })()`);

const representedOf = (page: Page) =>
  page.evaluate<number>(`(() => {
    let n = document.querySelectorAll('.leaflet-marker-pane > .story-marker').length;
    for (const el of document.querySelectorAll('.leaflet-marker-pane > .story-cluster')) n += Number(el.textContent) || 0;
    return n;
  })()`);

interface Blocking {
  tbt: number;
  longest: number;
  count: number;
}

function blocking(tasks: PageState['tasks'], from: number, to: number): Blocking {
  const inWindow = tasks.filter(([start]) => start >= from && start < to);
  return {
    tbt: inWindow.reduce((sum, [, d]) => sum + Math.max(0, d - LONG_TASK_MS), 0),
    longest: inWindow.reduce((max, [, d]) => Math.max(max, d), 0),
    count: inWindow.length,
  };
}

/** Story markers on the pane just before and right after a long task (what the task did to the markers). */
function markersAround(state: PageState, start: number, duration: number) {
  let before = 0;
  let after = 0;
  for (const [time, , stories] of state.samples) {
    if (time < start) before = stories;
    if (time <= start + duration + 1) after = stories;
  }
  return `${before}→${after}`;
}

// ---------------------------------------------------------------------------------------------------------
// One page load + interaction.

interface MapResponse {
  at: number;
  bbox: number[];
  /** Uncompressed JSON size. */
  bytes: number;
  stories: { id: string; latitude: number; longitude: number }[];
}

interface StepRow {
  step: string;
  zoom: number | null;
  received: number | null;
  markers: number;
  /** Stories the markers stand for: one per story marker plus each cluster's count. */
  represented: number;
  maxMarkers: number;
  block: Blocking;
  tasks: string;
}

interface RunResult {
  viewport: string;
  firstMarkerMs: number | null;
  startup: Blocking;
  startupTasks: string;
  startupMarkers: number;
  startupRepresented: number;
  startupDomMarkers: number;
  received: number;
  receivedBytes: number;
  inView: number;
  mapRequests: number;
  steps: StepRow[];
  maxDomMarkers: number;
  interaction: Blocking;
  startupBbox: number[];
  startupStories: MapResponse['stories'];
}

type Plan = 'city' | 'dense';

async function measure(
  browser: Browser,
  baseUrl: string,
  viewport: (typeof VIEWPORTS)[number],
  database: Database,
  plan: Plan = 'city',
): Promise<RunResult> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    geolocation: READER,
    permissions: ['geolocation'],
  });
  try {
    await context.addInitScript({ content: INIT_SCRIPT });
    const page = await context.newPage();
    if (CPU_THROTTLE > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    const responses: MapResponse[] = [];
    let inFlight = 0;
    const pending: Promise<void>[] = [];
    const isMapCall = (url: string) => url.includes('/api/stories/map?');
    page.on('request', (request) => {
      if (isMapCall(request.url())) inFlight += 1;
    });
    page.on('requestfailed', (request) => {
      if (isMapCall(request.url())) inFlight -= 1;
    });
    page.on('response', (response) => {
      if (!isMapCall(response.url())) return;
      pending.push(
        (async () => {
          try {
            const bbox = (new URL(response.url()).searchParams.get('bbox') ?? '').split(',').map(Number);
            const body = response.ok() ? await response.body() : Buffer.from('[]');
            responses.push({ at: Date.now(), bbox, bytes: body.length, stories: JSON.parse(body.toString()) as MapResponse['stories'] });
          } finally {
            inFlight -= 1;
          }
        })(),
      );
    });

    /**
     * Settled: map idle (no zoom animation, no bbox call in flight) and the markers unchanged for `quietMs`
     * (at start-up also: some story marker drawn; later a view may hold none).
     */
    async function settle(minMs: number, { quietMs = 1000, timeoutMs = 20_000, needMarkers = false } = {}) {
      const started = Date.now();
      await page.waitForTimeout(minMs);
      while (Date.now() - started < timeoutMs) {
        const [state, now, animating] = await Promise.all([
          readState(page),
          pageNow(page),
          page.evaluate<boolean>(`!!document.querySelector('.leaflet-zoom-anim')`),
        ]);
        if (!animating && inFlight === 0 && (!needMarkers || state.stories > 0) && now - state.lastChange >= quietMs) return;
        await page.waitForTimeout(100);
      }
      console.warn(`  (${viewport.name}: did not settle within ${timeoutMs} ms)`);
    }

    const taskList = (state: PageState, from: number, to: number) =>
      state.tasks
        .filter(([start]) => start >= from && start < to)
        .map(([start, d]) => {
          const frame = state.frames.find(([f, fd]) => start >= f - 1 && start <= f + fd);
          return `${Math.round(d)}ms@${Math.round(start)}(${markersAround(state, start, d)})${frame?.[2] ? ` [${frame[2]}]` : ''}`;
        })
        .join(', ');

    await page.goto(baseUrl);
    await settle(500, { quietMs: 1500, timeoutMs: 30_000, needMarkers: true });
    await Promise.all(pending);
    const startState = await readState(page);
    const startupEnd = await pageNow(page);
    const startResponse = responses.at(-1);
    const result: RunResult = {
      viewport: viewport.name,
      firstMarkerMs: startState.firstStoryPaintAt,
      startup: blocking(startState.tasks, 0, startupEnd),
      startupTasks: taskList(startState, 0, startupEnd),
      startupMarkers: startState.stories,
      startupRepresented: await representedOf(page),
      startupDomMarkers: startState.all,
      received: startResponse?.stories.length ?? 0,
      receivedBytes: startResponse?.bytes ?? 0,
      inView: startResponse ? await countInBox(database, startResponse.bbox) : 0,
      mapRequests: responses.length,
      steps: [],
      maxDomMarkers: startState.maxAll,
      interaction: { tbt: 0, longest: 0, count: 0 },
      startupBbox: startResponse?.bbox ?? [],
      startupStories: startResponse?.stories ?? [],
    };

    // Interaction: a reader zooms in, drills into the biggest clusters, pans, zooms far out and pans again.
    const mapBox = (await page.locator('.leaflet-container').boundingBox())!;
    const interactionStart = await pageNow(page);
    const maxBefore = startState.maxAll;
    await page.evaluate('window.__bench.maxAll = 0; window.__bench.maxStories = 0');
    const drag = async (dx: number, dy: number) => {
      // Start beside the map's centre so the press does not land on the reader's own marker.
      const x = mapBox.x + mapBox.width * 0.3;
      const y = mapBox.y + mapBox.height * 0.7;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y + dy, { steps: 12 });
      await page.mouse.up();
    };
    const clickZoom = (direction: 'in' | 'out') => page.locator(`.leaflet-control-zoom-${direction}`).click();
    /** Clicks the biggest cluster a finger could hit (its centre not covered by another marker or the header). */
    const openBiggestCluster = async () => {
      // An arrow with no named helpers inside, so tsx's keepNames adds nothing the page lacks.
      const clusters = await page.locator('.story-cluster').evaluateAll((nodes) =>
        nodes.map((n): [number, number, number, boolean] => {
          const r = n.getBoundingClientRect();
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          const map = document.querySelector('.leaflet-container')!.getBoundingClientRect();
          const inside = x > map.left && x < map.right && y > map.top && y < map.bottom;
          return [Number(n.textContent), x, y, inside && document.elementFromPoint(x, y)?.closest('.story-cluster') === n];
        }),
      );
      const target = clusters.filter((c) => c[3]).sort((a, b) => b[0] - a[0])[0];
      if (target) await page.mouse.click(target[1], target[2]);
    };
    type Step = [string, () => Promise<unknown>];
    const zoomIn: Step = ['zoom in', () => clickZoom('in')];
    const zoomOut: Step = ['zoom out', () => clickZoom('out')];
    // Dense: straight down to zoom 18 over the square (500 markers drawn at once), a pan there, and back out.
    const denseSteps: Step[] = [zoomIn, zoomIn, zoomIn, zoomIn, zoomIn, ['pan', () => drag(-60, 40)], ['pan', () => drag(60, -40)], zoomOut, zoomOut];
    const citySteps: Step[] = [
      ['zoom in', () => clickZoom('in')],
      ['zoom in', () => clickZoom('in')],
      ['open biggest cluster', openBiggestCluster],
      ['open biggest cluster', openBiggestCluster],
      ['zoom in', () => clickZoom('in')],
      ['pan', () => drag(-150, 60)],
      ['pan', () => drag(120, -140)],
      ...Array.from({ length: 6 }, () => zoomOut),
      ['pan', () => drag(-100, -60)],
      ['pan', () => drag(100, 60)],
      ['zoom in', () => clickZoom('in')],
      ['zoom in', () => clickZoom('in')],
    ];
    for (const [name, action] of plan === 'dense' ? denseSteps : citySteps) {
      const from = await pageNow(page);
      const responsesBefore = responses.length;
      const before = await readState(page);
      await action();
      await settle(900);
      await Promise.all(pending);
      const state = await readState(page);
      const to = await pageNow(page);
      const maxInStep = Math.max(before.all, ...state.samples.filter(([t]) => t >= from).map(([, all]) => all));
      result.steps.push({
        step: name,
        zoom: await zoomOf(page),
        received: responses.length > responsesBefore ? responses.at(-1)!.stories.length : null,
        markers: state.all,
        represented: await representedOf(page),
        maxMarkers: maxInStep,
        block: blocking(state.tasks, from, to),
        tasks: taskList(state, from, to),
      });
    }
    const end = await readState(page);
    result.interaction = blocking(end.tasks, interactionStart, await pageNow(page));
    result.maxDomMarkers = Math.max(maxBefore, end.maxAll);
    await page.close();
    return result;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Main-thread clustering, for comparison: what the worker keeps off the main thread.

// The package's UMD build (its `exports` only names index.js, which sits beside dist/).
const SUPERCLUSTER_JS = path.join(path.dirname(createRequire(import.meta.url).resolve('supercluster')), 'dist/supercluster.min.js');

/**
 * supercluster in a fresh page (so the first run is as cold as at start-up), same options and query as the app's
 * cluster-index.ts: load, getClusters for the viewport at zoom 13, the expansion zoom of every cluster.
 * One synchronous task, so its duration is the blocking the main thread would see.
 */
async function clusterInPage(browser: Browser, points: { id: string; latitude: number; longitude: number }[], bbox: number[]) {
  const page = await browser.newPage();
  try {
    if (CPU_THROTTLE > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await page.addScriptTag({ path: SUPERCLUSTER_JS });
    await page.evaluate((data) => {
      (window as unknown as { __input: unknown }).__input = data;
    }, { points, bbox, radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM, zoom: DEFAULT_ZOOM });
    const run = `(() => {
      const { points, bbox, radius, maxZoom, zoom } = window.__input;
      const t0 = performance.now();
      const index = new Supercluster({ radius, maxZoom });
      index.load(points.map((p) => ({ type: 'Feature', properties: { id: p.id }, geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] } })));
      const t1 = performance.now();
      const features = index.getClusters(bbox, zoom);
      for (const f of features) if (f.properties.cluster) index.getClusterExpansionZoom(f.properties.cluster_id);
      return [t1 - t0, performance.now() - t1, features.length];
    })()`;
    const times: [number, number, number][] = [];
    for (let i = 0; i < 4; i++) times.push(await page.evaluate<[number, number, number]>(run));
    const warm = times.slice(1).map(([l, q]) => l + q);
    return { cold: times[0]![0] + times[0]![1], coldLoad: times[0]![0], warm: Math.min(...warm), items: times[0]![2] };
  } finally {
    await page.close();
  }
}

/** The app's own cluster-index.ts in Node (same V8); the first call of the process is the cold one. */
function clusterInNode(points: { id: string; latitude: number; longitude: number }[], bbox: number[]) {
  const times: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    createClusterIndex(points).query(bbox as [number, number, number, number], DEFAULT_ZOOM);
    times.push(performance.now() - t0);
  }
  return { first: times[0]!, warm: Math.min(...times.slice(1)) };
}

// ---------------------------------------------------------------------------------------------------------

const ms = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${Math.round(v)}`);
const load = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');

async function main() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (CHROMIUM_PATH)`);
  if (buildClientIfStale() !== 0) throw new Error('vite build failed');
  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 2 });
  cleanups.push(() => database.close());

  // The stub is plain JS without types; import it by URL (it is what the e2e tests use).
  const stubModule = pathToFileURL(path.join(root, 'tests/e2e/support/tile-stub.mjs')).href;
  const { startTileStub } = (await import(stubModule)) as { startTileStub: () => Promise<{ url: string; close: () => Promise<void> }> };
  const tiles = await startTileStub();
  cleanups.push(() => tiles.close());

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-mapbench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { child, baseUrl } = await startApp(tiles.url, dataDir);
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  });

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());

  console.log(`load average at start: ${load()}  (cores: ${os.cpus().length}; page CPU throttle ${CPU_THROTTLE}×)`);
  const table: string[] = [];
  const clustering: string[] = [];
  const report = (label: string, run: RunResult, r: number) => {
    console.log(
      `\n${label}, ${run.viewport} #${r}  (load ${load()})\n` +
        `  start-up: first story marker ${ms(run.firstMarkerMs)} ms, TBT ${ms(run.startup.tbt)} ms, longest task ${ms(run.startup.longest)} ms ` +
        `(${run.startup.count} long tasks), markers ${run.startupMarkers} story / ${run.startupDomMarkers} DOM standing for ${run.startupRepresented} stories, ` +
        `received ${run.received} of ${run.inView} in view (${run.mapRequests} bbox call(s), ${Math.round(run.receivedBytes / 1024)} KiB JSON)\n` +
        `  long tasks (duration@start, story markers before→after) [top scripts of that frame]: ${run.startupTasks || 'none'}`,
    );
    console.log('  step                  zoom  received  shown  DOM markers (max)  TBT ms  longest ms  long tasks');
    for (const s of run.steps) {
      console.log(
        `  ${s.step.padEnd(21)} ${String(s.zoom ?? '?').padStart(4)}  ${String(s.received ?? '(cached)').padStart(8)}  ${String(s.represented).padStart(5)}  ` +
          `${String(s.markers).padStart(6)} (${String(s.maxMarkers).padStart(4)})      ${ms(s.block.tbt).padStart(6)}  ${ms(s.block.longest).padStart(10)}  ${s.tasks}`,
      );
    }
    table.push(
      `| ${label} | ${run.viewport} #${r} | ${ms(run.firstMarkerMs)} | ${ms(run.startup.tbt)} | ${ms(run.startup.longest)} | ` +
        `${run.received} / ${run.inView} | ${run.startupDomMarkers} | ${ms(run.interaction.tbt)} | ${ms(run.interaction.longest)} | ${run.maxDomMarkers} |`,
    );
  };

  for (const n of SIZES) {
    await seed(database, n, CITY_SCALE);
    console.log(`\n=== N = ${n} stories (map answer cap ${MAP_RESULT_CAP}, DOM marker cap ${MAX_DOM_MARKERS}) ===`);
    // One unreported load warms the app, PostgreSQL's cache and Chromium's code cache for this N.
    await measure(browser, baseUrl, VIEWPORTS[0], database);
    let phoneRun: RunResult | undefined;
    for (const viewport of VIEWPORTS) {
      for (let r = 1; r <= REPEAT; r++) {
        const run = await measure(browser, baseUrl, viewport, database);
        phoneRun ??= run;
        report(n.toLocaleString('en'), run, r);
      }
    }

    // Main-thread clustering of the same points: all N (if the server shipped them all) and what the client got.
    const all = await database.query<{ id: string; latitude: number; longitude: number }>(
      sql`SELECT id, latitude, longitude FROM stories WHERE is_public AND hidden_at IS NULL`,
    );
    const bbox = phoneRun!.startupBbox;
    for (const [label, points] of [
      [`all ${all.length} visible`, all],
      [`received ${phoneRun!.startupStories.length}`, phoneRun!.startupStories],
    ] as const) {
      const inPage = await clusterInPage(browser, [...points], bbox);
      const inNode = clusterInNode([...points], bbox);
      const line =
        `N=${n}, ${label} points, phone bbox, zoom ${DEFAULT_ZOOM}: page cold ${inPage.cold.toFixed(1)} ms ` +
        `(load ${inPage.coldLoad.toFixed(1)}), warm ${inPage.warm.toFixed(1)} ms, ${inPage.items} items; ` +
        `Node cluster-index.ts first ${inNode.first.toFixed(1)} ms, warm ${inNode.warm.toFixed(1)} ms`;
      console.log(`main-thread clustering, ${line}`);
      clustering.push(line);
    }
  }

  if (!args['skip-dense']) {
    await seed(database, DENSE_N, DENSE_SCALE);
    const label = `dense ${DENSE_N.toLocaleString('en')}`;
    console.log(`\n=== ${label}: ${DENSE_N} stories in a ~150 m square, zoomed to 18 (clusters off) ===`);
    await measure(browser, baseUrl, VIEWPORTS[0], database, 'dense');
    for (const viewport of VIEWPORTS) {
      for (let r = 1; r <= REPEAT; r++) report(label, await measure(browser, baseUrl, viewport, database, 'dense'), r);
    }
  }

  console.log(`\nload average at end: ${load()}`);
  console.log(
    '\n| N | viewport | first marker ms | start-up TBT ms | longest task ms | received / in view | DOM markers at start | interaction TBT ms | interaction longest ms | DOM markers max |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const line of table) console.log(line);
  console.log('\nClustering on the main thread (what the worker saves):');
  for (const line of clustering) console.log(`  ${line}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
