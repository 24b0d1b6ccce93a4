#!/usr/bin/env node
// `npm run pwa:screenshots` (docs/decisions/015-installable-offline-push.md): the two install-sheet screenshots of the manifest, taken from the real
// app — not drawn. Builds the client when it is missing (or with --build), starts the app in production mode on a
// random port with a temporary DATA_DIR, the local map-tile stub (tests/e2e/support) and a few seeded stories
// around Savannah, opens / in Debian's Chromium at 390×844 (narrow) and 1280×800 (wide) as a visitor standing
// there, and writes client/public/screenshots/{narrow,wide}.png (palette PNGs). The sizes are the manifest's
// (client/pwa-manifest.ts); change both together.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { chromium } from '@playwright/test';
import { startTileStub } from '../tests/e2e/support/tile-stub.mjs';
import { freePort, waitForHealth } from './local-app.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = path.join(root, 'client/public/screenshots');
const SAVANNAH = { latitude: 32.0835, longitude: -81.0998 };
const SHOTS = [
  { file: 'narrow.png', width: 390, height: 844 },
  { file: 'wide.png', width: 1280, height: 800 },
];

/** A point `north` and `east` metres from `from`. */
function offset(from, north, east) {
  const latitude = from.latitude + north / 111_195;
  return { latitude, longitude: from.longitude + east / (111_195 * Math.cos((from.latitude * Math.PI) / 180)) };
}

// Real-looking stories a few steps to a few hundred metres from the reader: the near ones open, the far ones wait.
const STORIES = [
  {
    at: offset(SAVANNAH, 25, 10),
    title: 'The Lamplighter’s Round',
    category: 'History',
    description: 'Every lamp on this square has a name.',
    content: 'He lit them in the same order for forty years, and never once the same way home.',
  },
  {
    at: offset(SAVANNAH, -40, 30),
    title: 'Bench of Small Promises',
    category: 'Romance',
    description: 'Two initials, carved in 1961.',
    content: 'She said yes on this bench, and then asked him to ask again, properly, in the rain.',
  },
  {
    at: offset(SAVANNAH, 60, -45),
    title: 'The Moss Choir',
    category: 'Nature',
    description: 'Stand still at dusk and listen.',
    content: 'When the wind comes off the river, the Spanish moss hums in three notes.',
  },
  {
    at: offset(SAVANNAH, 420, 260),
    title: 'Cotton Exchange Ghost',
    category: 'Mystery',
    description: 'The clerk who never clocked out.',
    content: 'Locked until you stand at the iron gate.',
  },
  {
    at: offset(SAVANNAH, -520, -300),
    title: 'The Pirates’ House Tunnel',
    category: 'Adventure',
    description: 'Where sailors went in and did not come out.',
    content: 'Locked until you stand at the cellar door.',
  },
  {
    at: offset(SAVANNAH, 700, -600),
    title: 'First Light on the Bluff',
    category: 'Nature',
    description: 'Sunrise over the river, as the pilots see it.',
    content: 'Locked until you reach the bluff.',
  },
];

/** One author per story (a story goes at most 200 m from its author's fix), each standing at their story. */
async function seed(baseUrl) {
  for (const [i, story] of STORIES.entries()) {
    const account = {
      username: `shot_${i}_${Date.now().toString(36)}`,
      displayName: ['Mara Quinn', 'Eli Brooks', 'June Ortega', 'Sam Whitfield', 'Noor Haddad', 'Theo Lang'][i],
      email: `shot${i}@example.test`,
      password: 'screenshot-pw-1',
    };
    const register = await fetch(`${baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify(account),
    });
    if (register.status !== 201)
      throw new Error(`seeding: register answered ${register.status} ${await register.text()}`);
    const cookie = register.headers.get('set-cookie').split(';')[0];
    const here = await fetch(`${baseUrl}/api/stories/discoverable/${story.at.latitude}/${story.at.longitude}`, {
      headers: { cookie },
    });
    if (!here.ok) throw new Error(`seeding: position answered ${here.status}`);
    const form = new FormData();
    const fields = {
      title: story.title,
      description: story.description,
      category: story.category,
      type: 'text',
      latitude: String(story.at.latitude),
      longitude: String(story.at.longitude),
      isPublic: 'true',
      timeRestriction: 'none',
      content: story.content,
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const created = await fetch(`${baseUrl}/api/stories`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl },
      body: form,
    });
    if (created.status !== 201) throw new Error(`seeding: create answered ${created.status} ${await created.text()}`);
  }
}

async function capture(baseUrl) {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: 1,
        geolocation: SAVANNAH,
        permissions: ['geolocation'],
        serviceWorkers: 'block',
        colorScheme: 'dark',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto(baseUrl);
      await page
        .getByRole('region', { name: 'Nearby Whispers' })
        .getByRole('button', { name: /^The Lamplighter’s Round/ })
        .waitFor({ timeout: 60_000 });
      await page.locator('.leaflet-tile-loaded').first().waitFor({ timeout: 60_000 });
      await page.locator('.leaflet-marker-icon').first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      // The "tap + to create" hint and any toast would cover the view: a screenshot shows the app at rest.
      await page.waitForTimeout(1_500);
      const png = await page.screenshot({ type: 'png' });
      const file = path.join(OUT, shot.file);
      await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 }).toFile(file);
      const { width, height } = await sharp(file).metadata();
      console.log(`${path.relative(root, file)}: ${width}x${height}, ${Math.round(fs.statSync(file).size / 1024)} KiB`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

if (!fs.existsSync(path.join(root, 'dist/client/index.html')) || process.argv.includes('--build')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-screenshots-'));
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
    RATE_LIMIT_DISABLED: 'true',
  },
});

let exitCode = 0;
try {
  await waitForHealth(baseUrl, app, 400_000);
  await seed(baseUrl);
  fs.mkdirSync(OUT, { recursive: true });
  await capture(baseUrl);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r).once('error', r));
  await tiles.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
