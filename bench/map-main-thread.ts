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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { MAX_DOM_MARKERS } from '../client/src/features/stories/components/map/cluster-protocol';
import { DEFAULT_ZOOM, MAP_RESULT_CAP } from '#common/constants';
import { fromMarkerColumns, type MapMarkerColumns } from '#common/map-markers';
import { CHROMIUM_ARGS } from '../playwright.config';
import { openDatabase, type Database } from '../server/src/db/client';
import { buildClientIfStale } from '../scripts/client-build.mjs';
import { ensurePostgresDatabase } from './support';
import { cleanup, loadAverage, onCleanup, startTiles, stopOnCleanup } from './browser-bench-harness';
import { countInBox, seed, startApp, type SeedOptions } from './map-bench-setup';
import { clusterInNode, clusterInPage } from './map-clustering';
import {
  blocking,
  INIT_SCRIPT,
  markersAround,
  pageNow,
  readState,
  representedOf,
  zoomOf,
  type MapResponse,
  type PageState,
  type RunResult,
} from './map-page-probes';

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
const seedOptions: SeedOptions = {
  reader: READER,
  halfDegrees: SEED_HALF_DEGREES,
  keep: !!args['keep-db'],
  reuseScale: CITY_SCALE,
};
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

// ---------------------------------------------------------------------------------------------------------
// One page load + interaction.

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
    if (CPU_THROTTLE > 1)
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
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
            const body = response.ok() ? await response.body() : undefined;
            // The marker answer is columns (decision 025).
            const stories = body ? fromMarkerColumns(JSON.parse(body.toString()) as MapMarkerColumns) : [];
            responses.push({ at: Date.now(), bbox, bytes: body?.length ?? 0, stories });
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
        if (!animating && inFlight === 0 && (!needMarkers || state.stories > 0) && now - state.lastChange >= quietMs)
          return;
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
          return [
            Number(n.textContent),
            x,
            y,
            inside && document.elementFromPoint(x, y)?.closest('.story-cluster') === n,
          ];
        }),
      );
      const target = clusters.filter((c) => c[3]).sort((a, b) => b[0] - a[0])[0];
      if (target) await page.mouse.click(target[1], target[2]);
    };
    type Step = [string, () => Promise<unknown>];
    const zoomIn: Step = ['zoom in', () => clickZoom('in')];
    const zoomOut: Step = ['zoom out', () => clickZoom('out')];
    // Dense: straight down to zoom 18 over the square (500 markers drawn at once), a pan there, and back out.
    const denseSteps: Step[] = [
      zoomIn,
      zoomIn,
      zoomIn,
      zoomIn,
      zoomIn,
      ['pan', () => drag(-60, 40)],
      ['pan', () => drag(60, -40)],
      zoomOut,
      zoomOut,
    ];
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

const ms = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${Math.round(v)}`);
const load = loadAverage;

async function main() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (CHROMIUM_PATH)`);
  if (buildClientIfStale() !== 0) throw new Error('vite build failed');
  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 2 });
  onCleanup(() => database.close());

  const tiles = await startTiles(root);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-mapbench-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { child, baseUrl } = await startApp(tiles.url, dataDir, DB_URL);
  stopOnCleanup(child);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  onCleanup(() => browser.close());

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
    await seed(database, n, CITY_SCALE, seedOptions);
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
      const inPage = await clusterInPage(browser, [...points], bbox, CPU_THROTTLE);
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
    await seed(database, DENSE_N, DENSE_SCALE, seedOptions);
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
