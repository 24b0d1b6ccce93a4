#!/usr/bin/env node
// `npm run lighthouse` (issue 24): builds the client when it is missing, starts the real app in production mode
// on a random port with a temporary DATA_DIR, a local map-tile stub and one seeded story, then runs Lighthouse
// (the npm package, driving Debian's Chromium through CHROME_PATH) on / and /discover with mobile settings, and
// asks Chromium itself whether the app is installable (Lighthouse 12 has no PWA category any more). Prints the
// scores; exits non-zero when a page could not be measured. Never run on a loaded machine for figures you keep.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { startTileStub } from '../tests/e2e/support/tile-stub.mjs';
import { freePort, waitForHealth } from './local-app.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/discover'];
const SAVANNAH = { latitude: 32.0835, longitude: -81.0998 };

/** One author and one story near the default centre, so / and /discover show a real card. */
async function seed(baseUrl) {
  const account = { username: `lh_${Date.now().toString(36)}`, displayName: 'Lighthouse Author', email: 'lh@example.test', password: 'lighthouse-pw-1' };
  const register = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(account),
  });
  if (register.status !== 201) throw new Error(`seeding: register answered ${register.status}`);
  const cookie = register.headers.get('set-cookie').split(';')[0];
  await fetch(`${baseUrl}/api/stories/discoverable/${SAVANNAH.latitude}/${SAVANNAH.longitude}`, { headers: { cookie } });
  const form = new FormData();
  const fields = { title: 'The Lamplighter’s Round', description: 'Every lamp on this square has a name.', category: 'History', type: 'text', latitude: String(SAVANNAH.latitude + 0.0003), longitude: String(SAVANNAH.longitude), isPublic: 'true', timeRestriction: 'none', content: 'He lit them in the same order for forty years.' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const created = await fetch(`${baseUrl}/api/stories`, { method: 'POST', headers: { cookie, origin: baseUrl }, body: form });
  if (created.status !== 201) throw new Error(`seeding: create answered ${created.status} ${await created.text()}`);
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
    return { manifest: url, manifestErrors: errors.length, installabilityErrors: installabilityErrors.map((e) => e.errorId) };
  } finally {
    await browser.close();
  }
}

if (!fs.existsSync(path.join(root, 'dist/client/index.html')) || process.argv.includes('--build')) {
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
  env: { ...process.env, NODE_ENV: 'production', COOKIE_SECURE: 'false', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`, LOG_LEVEL: 'warn' },
});

let exitCode = 0;
let chrome;
try {
  await waitForHealth(baseUrl, app, 400_000);
  await seed(baseUrl);
  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows = [];
  for (const page of PAGES) {
    const result = await lighthouse(`${baseUrl}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      formFactor: 'mobile',
    });
    const { categories, audits } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && ['accessibility', 'best-practices', 'seo'].some((c) => categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0)))
      .map((a) => a.id);
    rows.push({ page, performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo'), failing: failing.join(', ') || '—' });
  }
  console.table(rows);
  const install = await installability(baseUrl);
  console.log(`installable: ${install.installabilityErrors.length === 0 ? 'yes' : `no (${install.installabilityErrors.join(', ')})`}; manifest ${install.manifest} with ${install.manifestErrors} errors`);
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
