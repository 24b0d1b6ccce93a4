#!/usr/bin/env node
// `npm run test:e2e`: makes sure Debian's Chromium is there, builds the client, starts the real app on a random
// port with a temporary DATA_DIR and a local tile stub, runs Playwright against it, then cleans up.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTileStub } from '../tests/e2e/support/tile-stub.mjs';
import { freePort, waitForHealth } from './local-app.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    console.log('Chromium is missing: installing Debian package "chromium"…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status === 0 && fs.existsSync(CHROMIUM)) return;
  }
  console.error(
    `End-to-end tests need Debian's Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`,
  );
  process.exit(1);
}

ensureChromium();

if (!process.env.E2E_SKIP_BUILD) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-e2e-'));
const tiles = await startTileStub();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const appLog = fs.openSync(path.join(dataDir, 'app.log'), 'w');
const app = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', appLog, appLog],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
    // The stub is ours: readers may save a tour's map for offline use from it (docs/decisions/039-maps-offline.md).
    TILE_PREFETCH: 'allowed',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Each browser context sends its own X-Forwarded-For (tests/e2e/support/reader-address.ts): a reader each.
    // One hop, as behind one reverse proxy: the right-most entry is the client (docs/decisions/011-trust-proxy.md).
    TRUST_PROXY: '1',
    // Insight counts reach the database within half a second, so a test need not wait the default 15 s.
    INSIGHTS_FLUSH_MS: process.env.INSIGHTS_FLUSH_MS ?? '500',
    // The browser tests cannot move the server's clock past a day's end: they see today's counts (API tests
    // prove the closed-day rule itself).
    INSIGHTS_TEST_SHOW_OPEN_DAYS: '1',
    // The first admin of the moderation spec (tests/e2e/moderation.spec.ts): the server holds the embedded database,
    // so `npm run user:role` cannot open it beside it; ADMIN_USERNAMES makes the account an admin at sign-up.
    ADMIN_USERNAMES: 'e2e_first_admin',
    // The follow digest every 5 s instead of daily (honoured with NODE_ENV=test only): tests/e2e/traces-follows.spec.ts.
    FOLLOW_DIGEST_INTERVAL: process.env.FOLLOW_DIGEST_INTERVAL ?? '5s',
  },
});

let exitCode = 1;
try {
  // A loaded machine may need longer for a fresh PGlite + PostGIS: E2E_HEALTH_TIMEOUT_MS.
  await waitForHealth(baseUrl, app, Number(process.env.E2E_HEALTH_TIMEOUT_MS ?? 90_000));
  const args = ['playwright', 'test', ...process.argv.slice(2)];
  // Async spawn: the tile stub lives in this process and must keep answering while Playwright runs.
  const run = spawn('npx', args, {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_DATA_DIR: dataDir,
      E2E_TILE_URL: tiles.url,
      CHROMIUM_PATH: CHROMIUM,
    },
  });
  exitCode = await new Promise((resolve) => run.on('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(String(error));
  console.error(fs.readFileSync(path.join(dataDir, 'app.log'), 'utf8').slice(-5000));
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r).once('error', r));
  await tiles.close();
  if (exitCode !== 0) console.error(`app log kept at ${path.join(dataDir, 'app.log')}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
