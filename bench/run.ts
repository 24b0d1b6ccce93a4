/**
 * Benchmark of the hot read, GET /api/stories/discoverable/:lat/:lng (issue 4 "Performance").
 *
 *   npm run bench -- [--db postgres|pglite] [--n 1000000] [--duration 15] [--connections 16] [--pool 4] [--reseed]
 *                    [--workers 1,2]
 *
 * Seeds N stories spread like a city (server/src/modules/stories/test-support/seed-city.ts) straight through SQL,
 * starts the real app with buildApp(config) (logger silent, rate limit off), loads the endpoint at random points
 * with autocannon — as a visitor, then as signed-in readers (whose reads also make notifications: issue 11) — then
 * runs the very same prepared SQL for the same points directly from Node with the same
 * concurrency, and prints p50/p99 latency, requests/s and the app/raw ratio, plus the EXPLAIN of the query.
 * On PostgreSQL it then starts the production entry (server/src/main.ts) with WEB_CONCURRENCY = each of --workers
 * (node:cluster, issue 16) and loads the same endpoint as a visitor, so one and two workers are compared.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/whispers_bench, created if missing).
 */
import { fork, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DISCOVERABLE_RESULT_CAP, DISCOVERY_RADIUS_M } from '#common/constants';
import { openDatabase, type Database } from '../server/src/db/client';
import { useBoxMethod, type NearbyMethod } from '../server/src/modules/stories/nearby-method';
import { storyQueries } from '../server/src/modules/stories/story-queries';
import { seedCity } from '../server/src/modules/stories/test-support/seed-city';
import { freePort } from '../tests/helpers/processes';
import {
  CITY_BACKGROUND_HALF_DEGREES,
  CITY_CENTRE,
  createBenchAuthor,
  createBenchReaders,
  ensurePostgresDatabase,
  randomPoints,
} from './support';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    n: { type: 'string' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '16' },
    pool: { type: 'string', default: '4' },
    points: { type: 'string', default: '2000' },
    reseed: { type: 'boolean', default: false },
    workers: { type: 'string', default: '1,2' },
  },
});

const kind = args.db === 'pglite' ? 'pglite' : 'postgres';
const N = Number(args.n ?? (kind === 'postgres' ? 1_000_000 : 100_000));
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const POOL = Number(args.pool);
const PGLITE_DIR = path.join(os.tmpdir(), `whispers-bench-pglite-${N}`);
const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/whispers_bench';

async function seedIfNeeded(database: Database) {
  const [{ count } = { count: 0 }] = await database.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM stories`);
  if (count === N && !args.reseed) {
    console.log(`stories: ${count} already seeded`);
    return;
  }
  console.log(`seeding ${N} stories…`);
  const started = performance.now();
  await database.query(sql`TRUNCATE stories CASCADE`);
  const authorId = await createBenchAuthor(database);
  // Building the GiST index once after the load is several times faster than maintaining it row by row.
  await database.query(sql`DROP INDEX IF EXISTS stories_location_gist_idx`);
  await database.query(sql`DROP INDEX IF EXISTS stories_location_geom_gist_idx`);
  await seedCity(database, {
    count: N,
    authorId,
    centre: CITY_CENTRE,
    backgroundHalfDegrees: CITY_BACKGROUND_HALF_DEGREES,
    batch: kind === 'pglite' ? 20_000 : 200_000,
  });
  await database.query(sql`CREATE INDEX stories_location_gist_idx ON stories USING gist (location)`);
  await database.query(sql`CREATE INDEX stories_location_geom_gist_idx ON stories USING gist (location_geom)`);
  await database.query(sql`ANALYZE stories`);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
}

/**
 * Loads the app's endpoint with autocannon, one random point per request; with `cookies`, request i is made by
 * reader i mod n (signed in), so each reader reads its own share of the points, one after another.
 */
async function loadApp(
  baseUrl: string,
  points: { latitude: number; longitude: number }[],
  cookies: string[] = [],
  /** A fixed number of requests instead of the duration. */
  amount?: number,
): Promise<Figures> {
  let i = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(amount ? { amount } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest(request) {
          const n = i++;
          const p = points[n % points.length]!;
          request.path = `/api/stories/discoverable/${p.latitude.toFixed(6)}/${p.longitude.toFixed(6)}`;
          if (cookies.length) request.headers = { ...request.headers, cookie: cookies[n % cookies.length]! };
          return request;
        },
      },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.total / (result.duration || DURATION_S),
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
  };
}

/** Notifications the signed-in runs made, and the marks behind them (they must be there: the work was done). */
async function notificationCounts(database: Database) {
  const [row] = await database.query<{ notifications: number; marks: number }>(sql`
    SELECT (SELECT count(*) FROM notifications)::int AS notifications, (SELECT count(*) FROM notification_marks)::int AS marks`);
  return row!;
}

/** The same SQL, prepared, for the same points, with the same concurrency, straight from Node. */
async function loadRaw(
  run: (p: { latitude: number; longitude: number }) => Promise<unknown>,
  points: { latitude: number; longitude: number }[],
): Promise<Figures> {
  const latencies: number[] = [];
  let i = 0;
  let errors = 0;
  const deadline = performance.now() + DURATION_S * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const p = points[i++ % points.length]!;
        const t0 = performance.now();
        try {
          await run(p);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: pct(0.5), p99: pct(0.99), rps: latencies.length / elapsed, requests: latencies.length, errors };
}

/**
 * The production entry with WEB_CONCURRENCY workers (cluster mode), loaded as a visitor. Each worker gets its own
 * pool of POOL connections, so two workers hold twice the connections: what a deployment would run.
 */
async function loadCluster(workers: number, points: { latitude: number; longitude: number }[]): Promise<Figures> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-bench-cluster-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_DISABLED: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: BENCH_URL,
      DATABASE_POOL_SIZE: String(POOL),
      WEB_CONCURRENCY: String(workers),
      REDIS_URL: '',
      // Every worker must sign media links alike.
      MEDIA_SECRET: crypto.randomBytes(32).toString('hex'),
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('the app did not become ready');
      const ready = await fetch(`${baseUrl}/api/ready`).then((r) => r.ok, () => false);
      if (ready) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // Every worker warms up (JIT, prepared statements on each pooled connection) before measuring.
    const sample = points[0]!;
    await autocannon({ url: `${baseUrl}/api/stories/discoverable/${sample.latitude}/${sample.longitude}`, connections: CONNECTIONS, duration: 3 });
    return await loadApp(baseUrl, points);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-bench-'));
  let database: Database;
  if (kind === 'postgres') {
    await ensurePostgresDatabase(BENCH_URL);
    database = await openDatabase({ databaseUrl: BENCH_URL, poolSize: POOL });
  } else {
    database = await openDatabase({ pgliteDir: PGLITE_DIR });
  }
  await seedIfNeeded(database);

  const points = randomPoints(Number(args.points));
  const sample = points[0]!;
  // The method the app's repository picks for these points (all far from the antimeridian and the poles).
  const method: NearbyMethod = useBoxMethod(sample.latitude, sample.longitude, DISCOVERY_RADIUS_M, DISCOVERABLE_RESULT_CAP) ? 'box' : 'knn';
  const sampleQuery = storyQueries.nearby(database.db, {
    lat: sample.latitude,
    lng: sample.longitude,
    radius: DISCOVERY_RADIUS_M,
    limit: DISCOVERABLE_RESULT_CAP,
    viewerId: null,
    method,
  });
  const explain = await database.query<Record<string, unknown>>(
    sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${sampleQuery}`,
  );
  const plan = explain.map((r) => Object.values(r)[0]).join('\n');

  // Answer sizes at the sampled points (how many stories a reader gets back).
  let totalRows = 0;
  for (const p of points.slice(0, 200)) {
    totalRows += (
      await storyQueries.nearby(database.db, {
        lat: p.latitude, lng: p.longitude, radius: DISCOVERY_RADIUS_M, limit: DISCOVERABLE_RESULT_CAP, viewerId: null, method,
      })
    ).length;
  }

  // Signed-in readers, one per connection; their notifications and marks start from nothing in every run.
  await database.query(sql`TRUNCATE notifications, notification_marks, notification_state`);
  const cookies = await createBenchReaders(database, CONNECTIONS);

  // The app runs in its own process; PGlite is single-process, so the bench closes its handle first.
  if (kind === 'pglite') await database.close();
  const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_POOL_SIZE: String(POOL),
      ...(kind === 'postgres' ? { DATABASE_URL: BENCH_URL } : { DATABASE_URL: '', PGLITE_DIR: PGLITE_DIR }),
    },
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
  });

  // Warm the app (prepared statements on every pooled connection, JIT) before measuring.
  await autocannon({ url: `${address}/api/stories/discoverable/${sample.latitude}/${sample.longitude}`, connections: CONNECTIONS, duration: 3 });
  const appFigures = await loadApp(address, points);
  // Signed in, first pass: every reader reads each of its points for the first time, so nearly every read finds
  // stories new to it and writes marks (and now and then a notification).
  const signedInFirst = await loadApp(address, points, cookies, points.length);
  // Signed in, steady: the same readers at places they have read before (a reader at home, or walking back).
  const signedInFigures = await loadApp(address, points, cookies);
  const visitorAgain = await loadApp(address, points);
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  if (kind === 'pglite') database = await openDatabase({ pgliteDir: PGLITE_DIR, migrate: false });
  const made = await notificationCounts(database);

  // Raw: the same prepared statement through a node-postgres pool of the same size (or the same PGlite).
  const { sql: text } = sampleQuery.toSQL();
  let rawRun: (p: { latitude: number; longitude: number }) => Promise<unknown>;
  let rawPool: pg.Pool | undefined;
  // Parameter positions, found once with sentinel values, so the raw loop does no query building.
  const sentinel = storyQueries
    .nearby(database.db, { lat: -1001, lng: -1002, radius: DISCOVERY_RADIUS_M, limit: DISCOVERABLE_RESULT_CAP, viewerId: null, method })
    .toSQL().params;
  const params = (p: { latitude: number; longitude: number }) =>
    sentinel.map((v) => (v === -1001 ? p.latitude : v === -1002 ? p.longitude : v));
  if (kind === 'postgres') {
    rawPool = new pg.Pool({ connectionString: BENCH_URL, max: POOL });
    const pool = rawPool;
    rawRun = (p) => pool.query({ name: 'bench_nearby', text, values: params(p) });
  } else {
    // PGlite has no named statements in its query(): PREPARE once and EXECUTE, as the app's repository does.
    const lite = database.pglite!;
    await lite.exec(`PREPARE bench_nearby AS ${text}`);
    const literal = (v: unknown) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v)}'`);
    rawRun = (p) => lite.query(`EXECUTE bench_nearby(${params(p).map(literal).join(', ')})`, [], { rowMode: 'array' });
  }
  await loadRaw(rawRun, points.slice(0, 200));
  const rawFigures = await loadRaw(rawRun, points);
  await rawPool?.end();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });

  // Cluster mode needs PostgreSQL (PGlite is one process).
  const workerCounts = kind === 'postgres' ? args.workers.split(',').map(Number).filter((w) => w >= 1) : [];
  const clusterFigures: [number, Figures][] = [];
  for (const workers of workerCounts) clusterFigures.push([workers, await loadCluster(workers, points)]);

  const fmt = (f: Figures) =>
    `p50 ${f.p50.toFixed(2)} ms  p99 ${f.p99.toFixed(2)} ms  ${f.rps.toFixed(0)} req/s  (${f.requests} requests, ${f.errors} errors)`;
  console.log(`\n${kind}, N = ${N}, ${CONNECTIONS} connections, pool ${POOL}, ${DURATION_S} s, ${points.length} random points`);
  console.log(`average answer: ${(totalRows / 200).toFixed(1)} stories (cap ${DISCOVERABLE_RESULT_CAP}, radius ${DISCOVERY_RADIUS_M} m)`);
  console.log(`app  GET /api/stories/discoverable: ${fmt(appFigures)}`);
  console.log(`app  signed in, first pass:          ${fmt(signedInFirst)}`);
  console.log(`app  signed in, steady:              ${fmt(signedInFigures)}`);
  console.log(`app  visitor again:                  ${fmt(visitorAgain)}`);
  const visitorRps = (appFigures.rps + visitorAgain.rps) / 2;
  console.log(
    `signed in / visitor throughput: steady ${((signedInFigures.rps / visitorRps) * 100).toFixed(0)}%, ` +
      `first pass ${((signedInFirst.rps / visitorRps) * 100).toFixed(0)}% ` +
      `(${made.marks} marks, ${made.notifications} notifications made)`,
  );
  console.log(`raw  same SQL from Node:            ${fmt(rawFigures)}`);
  console.log(`app / raw throughput: ${((appFigures.rps / rawFigures.rps) * 100).toFixed(0)}%`);
  for (const [workers, figures] of clusterFigures) {
    console.log(`npm start, WEB_CONCURRENCY=${workers}, visitor: ${fmt(figures)}`);
  }
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) at ${sample.latitude.toFixed(5)}, ${sample.longitude.toFixed(5)}:\n${plan}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
