/**
 * Benchmark of the discovery screens' main thread (docs/decisions/006-discovery-status-follows-the-server.md "Scale": with 1,000 stories in the list and 5,000 in
 * /api/stories/all both screens stay smooth on a phone: first render ≤ 200 ms of main-thread work, no long task
 * over 50 ms while scrolling at 4× CPU throttle, only the cards near the viewport in the DOM).
 *
 *   npx tsx bench/discover-main-thread.ts [--n 5000] [--repeat 2] [--cpu-throttle 4] [--keep-db]
 *
 * Seeds N stories (seed-city.ts, shrunk around the reader so all of them lie within the map call's 50 km: the map
 * call then answers its cap of 1,000, and /api/stories/all pages through all N), starts the real app in a child
 * process (bench/serve.ts), and loads /discover?view=list and /discover-simple in Debian's Chromium (phone 390×844
 * and desktop 1280×800) with the page's CPU throttled through CDP (Emulation.setCPUThrottlingRate).
 *
 * First render: the stories call is held (page.route) until the page is otherwise idle; then CDP's TaskDuration
 * (main-thread busy time, throttled) is read, the answer released, and read again once the first cards are drawn
 * and the page is quiet: the difference is the main-thread work of receiving and rendering the list (JSON parse,
 * React render and commit, style, layout, paint). Long tasks come from a buffered PerformanceObserver.
 * Scrolling: mouse-wheel steps (100 px every 16 ms, a steady finger) for a few seconds, then jumps to the middle
 * and the end of the page, recording long tasks, the busy time and the most cards ever in the DOM; the simple
 * screen loads further pages (Link header) while it scrolls.
 * Database: DISCOVERBENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/whispers_discoverbench, created
 * if missing).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page, type Route } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { MAP_RESULT_CAP } from '#common/constants';
import { CHROMIUM_ARGS } from '../playwright.config';
import { openDatabase, type Database } from '../server/src/db/client';
import { users } from '../server/src/db/schema';
import { seedCity } from '../server/src/modules/stories/test-support/seed-city';
import { buildClientIfStale } from '../scripts/client-build.mjs';
import { ensurePostgresDatabase } from './support';
import { cleanup, loadAverage, onCleanup, startTiles, stopOnCleanup } from './browser-bench-harness';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '5000' },
    repeat: { type: 'string', default: '2' },
    'cpu-throttle': { type: 'string', default: '4' },
    'keep-db': { type: 'boolean', default: false },
    'scroll-seconds': { type: 'string', default: '5' },
  },
});

const N = Number(args.n);
const REPEAT = Number(args.repeat);
const CPU_THROTTLE = Number(args['cpu-throttle']);
const SCROLL_MS = Number(args['scroll-seconds']) * 1000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DB_URL = process.env.DISCOVERBENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/whispers_discoverbench';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const READER = { latitude: 32.05, longitude: -81.07 };
/** seed-city spreads clusters ±0.12-0.14° and a ±0.12° background: all within the map call's 50 km. */
const SEED_HALF_DEGREES = 0.12;
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SCREENS = [
  {
    name: '/discover list',
    url: '/discover?view=list',
    call: '/api/stories/map/',
    card: '[data-testid="discover-card"]',
  },
  { name: '/discover-simple', url: '/discover-simple', call: '/api/stories/all', card: '[data-testid="simple-card"]' },
] as const;
type Screen = (typeof SCREENS)[number];

// ---------------------------------------------------------------------------------------------------------
// Set-up (torn down by `cleanup`, bench/browser-bench-harness.ts).

async function seed(database: Database) {
  const [{ count } = { count: 0 }] = await database.query<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM stories`,
  );
  if (args['keep-db'] && count === N) return;
  await database.query(sql`TRUNCATE stories CASCADE`);
  const stamp = Date.now();
  const [author] = await database.db
    .insert(users)
    .values({
      username: `discbench_${stamp}`,
      email: `discbench${stamp}@example.test`,
      displayName: 'Discover Bench',
      passwordHash: 'x',
    })
    .returning();
  await seedCity(database, {
    count: N,
    authorId: author!.id,
    centre: READER,
    backgroundHalfDegrees: SEED_HALF_DEGREES,
  });
}

async function startApp(tileUrl: string, dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = fork(path.join(root, 'bench/serve.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: DB_URL,
      DATABASE_POOL_SIZE: '4',
      DATA_DIR: dataDir,
      TILE_URL: `${tileUrl}/{z}/{x}/{y}.png`,
    },
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
  });
  return { child, baseUrl };
}

// ---------------------------------------------------------------------------------------------------------
// In the page (a plain string: tsx's keepNames helper does not exist there).

const INIT_SCRIPT = `(() => {
  const s = { tasks: [], frames: [] };
  window.__bench = s;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) s.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Long animation frames say what a long frame spent its time on (scripts, style and layout, render).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const script = e.scripts.reduce((sum, x) => sum + x.duration, 0);
      const top = [...e.scripts].sort((a, b) => b.duration - a.duration)[0];
      const render = e.renderStart ? e.startTime + e.duration - e.renderStart : 0;
      s.frames.push([e.startTime, e.duration, Math.round(script), Math.round(render), Math.round(e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0),
        top ? (top.invoker || top.invokerType) + ' ' + String(top.sourceURL).split('/').pop() : '']);
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
})();`;

interface PageState {
  tasks: [start: number, duration: number][];
  /** Long animation frames: start, duration, script ms, render ms (rendering phase), style+layout ms, top script. */
  frames: [start: number, duration: number, script: number, render: number, styleLayout: number, top: string][];
}

const readState = (page: Page) => page.evaluate<PageState>('window.__bench');
const pageNow = (page: Page) => page.evaluate<number>('performance.now()');
const cardCount = (page: Page, screen: Screen) => page.locator(screen.card).count();

/**
 * Main-thread time so far (CDP Performance.getMetrics, seconds → ms): `busy` is TaskDuration (wall-clock time in
 * tasks, includes the throttle's pauses and any time the OS gave the CPU to other processes); `cpu` is ThreadTime
 * (CPU time of the main thread, unthrottled), which a loaded machine does not inflate.
 */
async function mainThread(cdp: CDPSession): Promise<{ busy: number; cpu: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { busy: get('TaskDuration'), cpu: get('ThreadTime') };
}
const busyMs = async (cdp: CDPSession) => (await mainThread(cdp)).busy;

function longTasks(state: PageState, from: number, to: number) {
  const inWindow = state.tasks.filter(([start]) => start >= from && start < to);
  const frames = state.frames.filter(([start]) => start >= from && start < to);
  return {
    count: inWindow.length,
    longest: inWindow.reduce((max, [, d]) => Math.max(max, d), 0),
    list: inWindow.map(([, d]) => `${Math.round(d)}`).join(' '),
    frames: frames
      .map(
        ([, d, script, render, styleLayout, top]) =>
          `${Math.round(d)}ms(script ${script}, render ${render}, style+layout ${styleLayout}${top ? `, ${top}` : ''})`,
      )
      .join('; '),
  };
}

/** Waits until the main thread has been idle (busy < 5 % of the time) for `quietMs`. */
async function settle(page: Page, cdp: CDPSession, quietMs = 800, timeoutMs = 20_000) {
  const started = Date.now();
  let previous = await busyMs(cdp);
  while (Date.now() - started < timeoutMs) {
    await page.waitForTimeout(quietMs);
    const now = await busyMs(cdp);
    if (now - previous < quietMs * 0.05) return;
    previous = now;
  }
}

interface RunResult {
  screen: string;
  viewport: string;
  received: number;
  firstRenderMs: number;
  firstRenderCpuMs: number;
  firstRenderLongest: number;
  firstRenderTasks: string;
  firstRenderFrames: string;
  cardsAfterRender: number;
  scrollBusyMs: number;
  scrollCpuMs: number;
  scrollWallMs: number;
  scrollLongTasks: number;
  scrollLongest: number;
  scrollTasks: string;
  scrollFrames: string;
  maxCards: number;
  loadedAtEnd: number;
}

async function measure(
  browser: Browser,
  baseUrl: string,
  screen: Screen,
  viewport: (typeof VIEWPORTS)[number],
): Promise<RunResult> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    geolocation: READER,
    permissions: ['geolocation'],
  });
  try {
    await context.addInitScript({ content: INIT_SCRIPT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (CPU_THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });

    // Hold the first stories call until the rest of the page has settled.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    let heldSeen: () => void = () => {};
    const heldPromise = new Promise<void>((resolve) => (heldSeen = resolve));
    let received = 0;
    let loaded = 0;
    page.on('response', (response) => {
      if (!response.url().includes(screen.call) || !response.ok()) return;
      void response
        .json()
        .then((body: unknown) => {
          if (!Array.isArray(body)) return;
          if (received === 0) received = body.length;
          loaded += body.length;
        })
        .catch(() => {});
    });
    await page.route(`**${screen.call}**`, async (route: Route) => {
      if (held) return route.continue();
      held = true;
      heldSeen();
      await released;
      return route.continue();
    });

    await page.goto(`${baseUrl}${screen.url}`);
    await heldPromise;
    await settle(page, cdp);
    const before = await mainThread(cdp);
    const from = await pageNow(page);
    release();
    await page.locator(screen.card).first().waitFor({ timeout: 60_000 });
    await settle(page, cdp, 500);
    const after = await mainThread(cdp);
    const firstRenderMs = after.busy - before.busy;
    const firstRenderCpuMs = after.cpu - before.cpu;
    const to = await pageNow(page);
    let state = await readState(page);
    const render = longTasks(state, from, to);
    const cardsAfterRender = await cardCount(page, screen);

    // Scrolling: a steady wheel, then jumps to the middle and the end.
    let maxCards = cardsAfterRender;
    const scrollFrom = await pageNow(page);
    const scrollBefore = await mainThread(cdp);
    const wallStart = Date.now();
    await page.mouse.move(viewport.width / 2, viewport.height / 2);
    while (Date.now() - wallStart < SCROLL_MS) {
      await page.mouse.wheel(0, 100);
      await page.waitForTimeout(16);
      if ((Date.now() - wallStart) % 500 < 20) maxCards = Math.max(maxCards, await cardCount(page, screen));
    }
    for (const fraction of [0.5, 1]) {
      await page.evaluate(`window.scrollTo(0, document.documentElement.scrollHeight * ${fraction})`);
      await page.waitForTimeout(400);
      maxCards = Math.max(maxCards, await cardCount(page, screen));
    }
    await settle(page, cdp, 500);
    maxCards = Math.max(maxCards, await cardCount(page, screen));
    const scrollWallMs = Date.now() - wallStart;
    const scrollAfter = await mainThread(cdp);
    state = await readState(page);
    const scroll = longTasks(state, scrollFrom, await pageNow(page));
    return {
      screen: screen.name,
      viewport: viewport.name,
      received,
      firstRenderMs,
      firstRenderCpuMs,
      firstRenderLongest: render.longest,
      firstRenderTasks: render.list,
      firstRenderFrames: render.frames,
      cardsAfterRender,
      scrollBusyMs: scrollAfter.busy - scrollBefore.busy,
      scrollCpuMs: scrollAfter.cpu - scrollBefore.cpu,
      scrollWallMs,
      scrollLongTasks: scroll.count,
      scrollLongest: scroll.longest,
      scrollTasks: scroll.list,
      scrollFrames: scroll.frames,
      maxCards,
      loadedAtEnd: loaded,
    };
  } finally {
    await context.close();
  }
}

const ms = (v: number) => `${Math.round(v)}`;
const load = loadAverage;

async function main() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (CHROMIUM_PATH)`);
  if (buildClientIfStale() !== 0) throw new Error('vite build failed');
  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 2 });
  onCleanup(() => database.close());
  await seed(database);

  const tiles = await startTiles(root);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-discoverbench-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { child, baseUrl } = await startApp(tiles.url, dataDir);
  stopOnCleanup(child);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  onCleanup(() => browser.close());

  console.log(
    `N = ${N} stories (map call cap ${MAP_RESULT_CAP}); page CPU throttle ${CPU_THROTTLE}×; load average at start: ${load()} (cores: ${os.cpus().length})`,
  );
  const table: string[] = [];
  for (const screen of SCREENS) {
    await measure(browser, baseUrl, screen, VIEWPORTS[0]); // warm-up (server caches, disk)
    for (const viewport of VIEWPORTS) {
      for (let r = 1; r <= REPEAT; r++) {
        const run = await measure(browser, baseUrl, screen, viewport);
        console.log(
          `\n${run.screen}, ${run.viewport} #${r} (load ${load()})\n` +
            `  first render of ${run.received} stories: ${ms(run.firstRenderMs)} ms main-thread task time, ${ms(run.firstRenderCpuMs)} ms CPU ` +
            `(×${CPU_THROTTLE} = ${ms(run.firstRenderCpuMs * CPU_THROTTLE)}), longest task ${ms(run.firstRenderLongest)} ms ` +
            `(long tasks: ${run.firstRenderTasks || 'none'}), ${run.cardsAfterRender} cards in the DOM\n` +
            `    long frames: ${run.firstRenderFrames || 'none'}\n` +
            `  scrolling ${ms(run.scrollWallMs)} ms: task time ${ms(run.scrollBusyMs)} ms, CPU ${ms(run.scrollCpuMs)} ms, ${run.scrollLongTasks} long tasks, longest ${ms(run.scrollLongest)} ms ` +
            `(${run.scrollTasks || 'none'}); at most ${run.maxCards} cards in the DOM; ${run.loadedAtEnd} stories loaded by the end\n` +
            `    long frames: ${run.scrollFrames || 'none'}`,
        );
        table.push(
          `| ${run.screen} | ${run.viewport} #${r} | ${run.received} | ${ms(run.firstRenderMs)} | ${ms(run.firstRenderCpuMs)} | ${ms(run.firstRenderLongest)} | ${run.cardsAfterRender} | ` +
            `${run.scrollLongTasks} | ${ms(run.scrollLongest)} | ${ms(run.scrollBusyMs)} / ${ms(run.scrollCpuMs)} / ${ms(run.scrollWallMs)} | ${run.maxCards} | ${run.loadedAtEnd} | ${load().split(' ')[0]} |`,
        );
      }
    }
  }
  console.log(`\nload average at end: ${load()}`);
  console.log(
    '\n| screen | viewport | stories in first answer | first render: task ms | CPU ms (unthrottled) | longest task ms | cards in DOM | long tasks while scrolling | longest ms | scroll task / CPU / wall ms | max cards in DOM | stories loaded | load avg |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const line of table) console.log(line);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
