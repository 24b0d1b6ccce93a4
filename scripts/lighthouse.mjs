#!/usr/bin/env node
// `npm run lighthouse` (docs/decisions/015-installable-offline-push.md; bench/README.md): builds the client when it is missing (or with --build), starts the real app
// in production mode on a random port with a temporary DATA_DIR, a local map-tile stub and 30 stories of mixed types
// around the default centre, then runs Lighthouse (the npm package, driving Debian's Chromium through CHROME_PATH)
// on / and /discover with mobile settings (simulated slow 4G), and asks Chromium itself whether the app is
// installable (Lighthouse 12 has no PWA category any more). Prints per page the performance score, FCP, LCP, TBT,
// CLS, the scripts fetched before idle (gzip and as sent), render-blocking CSS, Lighthouse's benchmark index of
// this machine (its CPU: the simulated phone is this machine slowed down 4×) and the load average, then the other
// categories; `--repeat N` measures each page N times, alternating pages, and adds each page's median;
// `--page /path` measures only that page (repeatable: `/stories/seeded` and `/tours/seeded` are a seeded story and
// tour, `/moderation` is measured signed in as an admin); `--lang ar` runs the browser in that language (the
// interface follows it); LIGHTHOUSE_JSON_DIR=dir keeps the reports and
// the traces. Exits non-zero when a page could not be measured. Timings
// from a loaded machine (load average above ~2 on its 2 cores) are indicative only; bytes and CLS do not depend on it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { startTileStub } from '../tests/e2e/support/tile-stub.mjs';
import { freePort, waitForHealth } from './local-app.mjs';
import { seedAdmin, seedStories } from './lighthouse-seed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const { values: cli } = parseArgs({
  options: {
    build: { type: 'boolean' },
    repeat: { type: 'string', default: '1' },
    page: { type: 'string', multiple: true },
    lang: { type: 'string', default: 'en' },
  },
});
// `/stories/seeded` and `/tours/seeded` name the seeded story and tour; `/moderation` is measured signed in as an
// admin (the queue is theirs).
const PAGES = cli.page ?? ['/', '/discover'];
const ADMIN = 'lh_admin';
const REPEAT = Math.max(1, Number.parseInt(cli.repeat, 10) || 1);
const SAVANNAH = { latitude: 32.0835, longitude: -81.0998 }; // DEFAULT_CENTER: Lighthouse grants no position

/** The figures bench/README.md sets goals for, from one page's report (times in ms, CLS unitless). */
async function pageFigures(lhr) {
  const { categories, audits } = lhr;
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id) => Math.round(audits[id]?.numericValue ?? NaN);
  // Every script the page fetched before Lighthouse judged it idle (the trace ends once network and CPU are quiet),
  // the service worker's own fetches included; gzip measured here (level 9, like the wire) so it is load-free.
  const scripts = (audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  let gzip = 0;
  for (const { url } of scripts) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzip += zlib.gzipSync(body, { level: 9 }).length;
  }
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)}`;
  // Lighthouse 12.2's render-blocking audit fails on this Chromium (RootCauses: frame_sequence); the stylesheets
  // the document links in its head are what blocks the first paint, so those are listed with their gzip size.
  const html = await (await fetch(lhr.finalDisplayedUrl)).text();
  const blocking = [];
  for (const [, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    const css = Buffer.from(await (await fetch(new URL(href, lhr.finalDisplayedUrl))).arrayBuffer());
    blocking.push(`${path.basename(href)} ${kib(zlib.gzipSync(css, { level: 9 }).length)} KiB`);
  }
  return {
    // A run Lighthouse could not measure has no score (not 0), so the page's median leaves it out.
    performance: lhr.runtimeError ? NaN : score('performance'),
    'FCP ms': ms('first-contentful-paint'),
    'LCP ms': ms('largest-contentful-paint'),
    'TBT ms': ms('total-blocking-time'),
    CLS: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    scripts: scripts.length,
    'JS KiB gzip': kib(gzip),
    'JS KiB sent': kib(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
    'unused JS KiB': kib(audits['unused-javascript']?.details?.overallSavingsBytes ?? 0),
    'blocking CSS gzip': blocking.join(', ') || '—',
    // Lighthouse's own measure of this machine's CPU: the simulated phone is this machine slowed down 4×, so a
    // slower host (a lower index) reports longer tasks and more blocking time for the same page.
    'CPU index': Math.round(lhr.environment?.benchmarkIndex ?? NaN),
  };
}

async function installability(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const session = await page.context().newCDPSession(page);
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    const { url, errors } = await session.send('Page.getAppManifest');
    return {
      manifest: url,
      manifestErrors: errors.length,
      installabilityErrors: installabilityErrors.map((e) => e.errorId),
    };
  } finally {
    await browser.close();
  }
}

if (!fs.existsSync(path.join(root, 'dist/client/index.html')) || cli.build) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-lighthouse-'));
const tiles = await startTileStub();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAMES: ADMIN,
  },
});

let exitCode = 0;
let chrome;
try {
  await waitForHealth(baseUrl, app, 400_000);
  const seeded = await seedStories(baseUrl, SAVANNAH);
  console.log(`seeded stories around the default centre: ${JSON.stringify(seeded.made)}`);
  const adminCookie = PAGES.includes('/moderation') ? await seedAdmin(baseUrl) : null;
  const urlOf = (page) =>
    page.replace('/stories/seeded', `/stories/${seeded.storyId}`).replace('/tours/seeded', `/tours/${seeded.tourId}`);
  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The interface's language follows the browser's (docs/decisions/062-interface-languages.md).
      `--lang=${cli.lang}`,
      `--accept-lang=${cli.lang}`,
    ],
  });
  console.log(`browser language: ${cli.lang}`);
  const rows = [];
  const figures = [];
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  const runs = [];
  for (let run = 1; run <= REPEAT; run++) for (const page of PAGES) runs.push({ page, run });
  for (const { page, run } of runs) {
    const result = await lighthouse(`${baseUrl}${urlOf(page)}`, {
      port: chrome.port,
      ...(page === '/moderation' && adminCookie ? { extraHeaders: { cookie: adminCookie } } : {}),
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      formFactor: 'mobile',
    });
    const { categories, audits } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          ['accessibility', 'best-practices', 'seo'].some((c) =>
            categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0),
          ),
      )
      .map((a) => a.id);
    const load = os.loadavg()[0].toFixed(2);
    figures.push({ page, ...(REPEAT > 1 ? { run } : {}), ...(await pageFigures(result.lhr)), load });
    if (result.lhr.runtimeError)
      console.error(`${page} run ${run}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    if (run === 1)
      rows.push({
        page,
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        failing: failing.join(', ') || '—',
      });
    if (process.env.LIGHTHOUSE_JSON_DIR) {
      const name = `${page === '/' ? 'home' : page.slice(1).replace(/\//g, '-')}${REPEAT > 1 ? `-${run}` : ''}.json`;
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_JSON_DIR, name), JSON.stringify(result.lhr));
      // The page's trace too, for reading its main-thread tasks (scripts/lighthouse-tasks.mjs).
      fs.writeFileSync(
        path.join(process.env.LIGHTHOUSE_JSON_DIR, name.replace(/\.json$/, '.trace.json')),
        JSON.stringify(result.artifacts.Trace),
      );
    }
  }
  if (REPEAT > 1) {
    // The median of each timing and score over the page's runs (bytes do not vary between runs).
    for (const page of PAGES) {
      const mine = figures.filter((f) => f.page === page);
      // A run Lighthouse could not measure (its runtime error is printed with it) is left out.
      const median = (key) => {
        const sorted = mine
          .map((f) => Number(f[key]))
          .filter((v) => !Number.isNaN(v))
          .sort((a, b) => a - b);
        return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
      };
      figures.push({
        page,
        run: 'median',
        ...Object.fromEntries(['performance', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'].map((k) => [k, median(k)])),
      });
    }
  }
  console.table(figures);
  console.table(rows);
  const install = await installability(baseUrl);
  console.log(
    `installable: ${install.installabilityErrors.length === 0 ? 'yes' : `no (${install.installabilityErrors.join(', ')})`}; manifest ${install.manifest} with ${install.manifestErrors} errors`,
  );
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await chrome?.kill();
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r).once('error', r));
  await tiles.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
