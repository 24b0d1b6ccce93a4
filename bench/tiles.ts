/**
 * Map tiles served by the app (docs/decisions/037-tiles-through-whispers.md, 038): `npx tsx bench/tiles.ts
 * [--rate 500] [--duration 10] [--tiles 10000] [--archive-tiles 10000]`.
 *
 * 1. A cached raster tile: p50/p99 at --rate tiles per second over 2000 cached tiles (autocannon).
 * 2. A cold raster tile: its time through the app over the upstream stub's own time (stub answers after 20 ms).
 * 3. Memory with --tiles cached tiles (fetched through the app): heap and RSS before and after (tiles are on disk).
 * 4. A vector tile from a generated PMTiles archive (--archive-tiles tiles of ~20 KB, leaf directories): p50/p99 at
 *    --rate tiles per second over random addresses.
 * The app runs in this process (buildApp, PGlite in a temporary DATA_DIR), like the API tests; the load generator
 * of 1 and 4 runs in a child process, so it does not take the app's event loop.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { execFile } from 'node:child_process';
import autocannon from 'autocannon';
import { Compression, TileType } from 'pmtiles';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { writePmtiles } from '../tests/helpers/pmtiles-writer';

const { values: args, positionals } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '10' },
    tiles: { type: 'string', default: '10000' },
    'archive-tiles': { type: 'string', default: '10000' },
    'load-child': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const run = promisify(execFile);
const RATE = Number(args.rate);
const DURATION = Number(args.duration);
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const UPSTREAM_DELAY_MS = 20;

/** A tile server answering a 20 KB PNG-like body after UPSTREAM_DELAY_MS. */
async function startSlowUpstream() {
  const body = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), crypto.randomBytes(20_000)]);
  const server = http.createServer((_request, response) => {
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' });
      response.end(body);
    }, UPSTREAM_DELAY_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

async function startApp(env: Record<string, string>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-bench-tiles-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    RATE_LIMIT_DISABLED: 'true',
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    url,
    dataDir,
    close: async () => (await app.close(), await fs.rm(dataDir, { recursive: true, force: true })),
  };
}

async function timed(url: string): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** The two tile address sets the load asks for (named, so the load child can build them itself). */
const LOAD_PATHS = {
  cachedRaster: () => rasterTileAt(Math.floor(Math.random() * 2000)),
  vector: () => vectorTileAt(Math.floor(Math.random() * Number(args['archive-tiles']))),
};
function rasterTileAt(i: number) {
  return `/tiles/16/${18_000 + (i % 200)}/${26_000 + Math.floor(i / 200)}.png`;
}
function vectorTileAt(i: number) {
  return `/tiles/14/${4000 + (i % 500)}/${6000 + Math.floor(i / 500)}.mvt`;
}

/**
 * autocannon in a process of its own, so the load does not share the app's event loop (the app runs in this
 * one): this file again with `--load-child <url> <paths>`, answering one JSON line.
 */
async function load(url: string, paths: keyof typeof LOAD_PATHS) {
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    fileURLToPath(import.meta.url),
    `--rate=${RATE}`,
    `--duration=${DURATION}`,
    `--archive-tiles=${args['archive-tiles']}`,
    '--load-child',
    url,
    paths,
  ]);
  return stdout.trim();
}

async function loadChild(url: string, paths: keyof typeof LOAD_PATHS) {
  const result = await autocannon({
    url,
    connections: 16,
    duration: DURATION,
    overallRate: RATE,
    requests: [{ setupRequest: (request) => ({ ...request, path: LOAD_PATHS[paths]() }) }],
  });
  return `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}, errors ${result.errors}`;
}

if (args['load-child']) {
  const [url, paths] = positionals as [string, keyof typeof LOAD_PATHS];
  process.stdout.write(`${await loadChild(url, paths)}\n`);
  process.exit(0);
}

const upstream = await startSlowUpstream();
const raster = await startApp({ TILE_URL: `${upstream.url}/{z}/{x}/{y}.png`, TILE_CACHE_MB: '2048' });
try {
  const tileAt = rasterTileAt;
  // 2. Cold tiles, one at a time, against the stub's own time.
  const cold: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    direct.push(await timed(`${upstream.url}/16/1/${i}.png`));
    cold.push(await timed(`${raster.url}${tileAt(i)}`));
  }
  console.log(
    `cold raster tile: app p50 ${percentile(cold, 0.5).toFixed(1)} ms / p99 ${percentile(cold, 0.99).toFixed(1)} ms; upstream alone p50 ${percentile(direct, 0.5).toFixed(1)} ms / p99 ${percentile(direct, 0.99).toFixed(1)} ms; overhead p50 ${(percentile(cold, 0.5) - percentile(direct, 0.5)).toFixed(1)} ms`,
  );

  // 3. Memory with many cached tiles (fetched through the app, 8 at a time).
  global.gc?.();
  const before = process.memoryUsage();
  const count = Number(args.tiles);
  let next = 100;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) await timed(`${raster.url}${tileAt((next += 1))}`);
    }),
  );
  global.gc?.();
  const after = process.memoryUsage();
  console.log(
    `${count} cached tiles (${MB(count * 20_000)} on disk): heap ${MB(before.heapUsed)} -> ${MB(after.heapUsed)}, RSS ${MB(before.rss)} -> ${MB(after.rss)} (benchmark, stub and app in one process)`,
  );

  // 1. Cached tiles under load.
  console.log(`cached raster tile at ${RATE}/s: ${await load(raster.url, 'cachedRaster')}`);
} finally {
  await raster.close();
  await upstream.close();
}

// 4. A vector tile from an archive.
const archiveDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-bench-archive-'));
const archiveTiles = Number(args['archive-tiles']);
const archiveFile = path.join(archiveDir, 'bench.pmtiles');
const body = crypto.randomBytes(20_000);
await fs.writeFile(
  archiveFile,
  writePmtiles(
    Array.from({ length: archiveTiles }, (_, i) => ({
      z: 14,
      x: 4000 + (i % 500),
      y: 6000 + Math.floor(i / 500),
      data: Buffer.concat([Buffer.from(String(i)), body]),
    })),
    { tileCompression: Compression.None, tileType: TileType.Mvt },
  ),
);
const archiveSize = (await fs.stat(archiveFile)).size;
const vector = await startApp({ MAP_ARCHIVE: archiveFile });
try {
  console.log(
    `vector tile from a ${MB(archiveSize)} archive (${archiveTiles} tiles) at ${RATE}/s: ${await load(vector.url, 'vector')}`,
  );
} finally {
  await vector.close();
  await fs.rm(archiveDir, { recursive: true, force: true });
}
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
);
