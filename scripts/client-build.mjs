// Builds the client when dist/client/index.html is missing or older than its sources (client/, common/).
// Shared by `npm start` (scripts/start.mjs) and the browser benchmark (bench/map-main-thread.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/client/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

/** Returns the build's exit status (0 when nothing needed building). */
export function buildClientIfStale() {
  const sources = ['client', 'common'].map((d) => newestMtime(path.join(root, d)));
  const stale = !fs.existsSync(builtIndex) || Math.max(...sources) > fs.statSync(builtIndex).mtimeMs;
  if (!stale) return 0;
  console.log('Building the client…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  return build.status ?? 1;
}
