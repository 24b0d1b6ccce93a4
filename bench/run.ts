/**
 * `npm run bench` (docs/decisions/009-story-index.md): the nearby read, GET /api/stories/discoverable/:lat/:lng, against the plain query a
 * competent developer would write by hand (bench/plain-query.ts), side by side in one interleaved run, on two
 * story distributions (bench/distributions.ts), with PostgreSQL backend CPU per request read from /proc.
 *
 *   npm run bench -- [--db postgres|pglite] [--n N] [--dist city,poi] [--duration 10] [--rounds 3]
 *                    [--connections 16] [--pool 4] [--points 2000] [--reseed] [--app-env KEY=VALUE,…] [--extras]
 *                    [--ready-minutes 15]
 *
 * Per distribution: seed when the row count differs (or --reseed); start the app (bench/serve.ts, production
 * config, rate limits off, TRUST_PROXY=1) and wait until /api/ready says its story index is no longer warming; a
 * first pass of every reader position (warms the app, counts the answers); then --rounds interleaved rounds of
 *   app (autocannon, realistic readers) → plain query (from Node) → the app's own statement (from Node; PostgreSQL)
 * each after a short warm-up, --duration seconds. bench/README.md explains the output.
 */
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DISCOVERABLE_RESULT_CAP, DISCOVERY_RADIUS_M } from '#common/constants';
import { openDatabase, type Database } from '../server/src/db/client';
import {
  appMemory,
  appReconcile,
  isSignedIn,
  loadApp,
  plainInApp,
  startApp,
  stopApp,
  withProcessCpu,
  type AnswerStats,
  type AppLoad,
  type AppProcess,
} from './app-load';
import {
  DISTRIBUTIONS,
  makeReaders,
  scheduleFor,
  seedIfNeeded,
  type Distribution,
  type DistributionKey,
} from './distributions';
import { clusterExtras, explainExtras, signedInExtras } from './nearby-read-extras';
import {
  backendCpu,
  backendCpuSince,
  formatFigures,
  loadAverage,
  processCpuMs,
  runLoops,
  type Figures,
  type LoopResult,
} from './measure';
import { appStatementOnPool, plainOnPool } from './plain-query';
import { MB, printSummary, type Row, type Summary } from './run-summary';
import { createBenchReaderAccounts, ensurePostgresDatabase } from './support';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    n: { type: 'string' },
    dist: { type: 'string', default: 'city,poi' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    pool: { type: 'string', default: '4' },
    points: { type: 'string', default: '2000' },
    reseed: { type: 'boolean', default: false },
    'app-env': { type: 'string', multiple: true, default: [] },
    extras: { type: 'boolean', default: false },
    'ready-minutes': { type: 'string', default: '15' },
    workers: { type: 'string', default: '1' },
    visitors: { type: 'boolean', default: false },
  },
});

const KIND = args.db === 'pglite' ? 'pglite' : 'postgres';
const N = Number(args.n ?? (KIND === 'postgres' ? 1_000_000 : 100_000));
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const POOL = Number(args.pool);
const POINTS = Number(args.points);
const READY_MINUTES = Number(args['ready-minutes']);
const DISTS = args.dist
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean) as DistributionKey[];
for (const d of DISTS) if (!(d in DISTRIBUTIONS)) throw new Error(`--dist: unknown distribution ${d} (city, poi)`);
/** --app-env KEY=VALUE (repeatable, or a comma list): passed to the app's process. */
const APP_ENV: Record<string, string> = Object.fromEntries(
  args['app-env']
    .flatMap((a) => a.split(','))
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--app-env: expected KEY=VALUE, got ${pair}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
);

/**
 * --workers N > 1: the app as `npm start` runs it with WEB_CONCURRENCY=N (bench/serve-cluster.ts), PostgreSQL only.
 * Several workers judge position claims against one shared state, Redis (docs/operations.md), so the app gets
 * REDIS_URL (default the local Redis, a fresh key prefix per run) and Redis's CPU is counted as the app's.
 */
const WORKERS = Number(args.workers);
if (WORKERS > 1) {
  if (KIND !== 'postgres') throw new Error('--workers above 1 needs --db postgres (PGlite runs in one process)');
  APP_ENV.BENCH_WORKERS = String(WORKERS);
  APP_ENV.REDIS_URL ??= 'redis://127.0.0.1:6379';
}
/** Redis's server process, when the app uses it: its CPU is part of each read. */
function redisServerPids(): number[] {
  if (!APP_ENV.REDIS_URL) return [];
  return fsSync
    .readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid) && readComm(pid) === 'redis-server')
    .map(Number);
}
function readComm(pid: string) {
  try {
    return fsSync.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

function figuresOf(
  run: { rps: number; p50: number; p99: number; requests: number; errors: number },
  cpu: Partial<Figures>,
): Figures {
  return {
    rps: run.rps,
    p50: run.p50,
    p99: run.p99,
    requests: run.requests,
    errors: run.errors,
    pgCpuMs: Number.NaN,
    appCpuMs: Number.NaN,
    clientCpuMs: Number.NaN,
    ...cpu,
  };
}

const loopFigures = (r: LoopResult) => ({ ...r, rps: r.requests / r.seconds });

function report(rows: Row[], row: Row) {
  rows.push(row);
  console.log(`  round ${row.round}  ${row.what.padEnd(8)} ${formatFigures(row.figures)}  (load ${loadAverage()})`);
}

/** Readers of the distribution, half of them (those on even connections) signed in with accounts of their own. */
async function prepareReaders(database: Database, dist: Distribution) {
  // Notifications start from nothing in every run (bench databases only).
  await database.query(sql`TRUNCATE notifications, notification_marks, notification_state`);
  const readers = makeReaders(dist, POINTS);
  // --visitors: nobody signs in (bench/README.md's second bar: visitors ≥ 1.2× the plain query).
  const signed = args.visitors ? [] : readers.filter((r) => isSignedIn(r, CONNECTIONS));
  const accounts = await createBenchReaderAccounts(database, signed.length);
  const load: AppLoad = {
    readers,
    connections: CONNECTIONS,
    cookies: new Map(signed.map((r, i) => [r.index, accounts[i]!.cookie])),
  };
  const viewerIds = new Map(signed.map((r, i) => [r.index, accounts[i]!.id]));
  const extraCookies = args.extras ? (await createBenchReaderAccounts(database, CONNECTIONS)).map((a) => a.cookie) : [];
  return { readers, load, viewerIds, extraCookies };
}

/** The first pass: every reader reads each of its positions once (the app warms up); the answers are counted. */
async function firstPass(app: AppProcess, load: AppLoad): Promise<AnswerStats> {
  // The signed-in readers must really be signed in (the cookie's name depends on the app's configuration).
  const [cookie] = load.cookies.values();
  if (cookie) {
    const current = await fetch(`${app.address}/api/user/current`, { headers: { cookie } });
    if (current.status !== 200)
      throw new Error(`a bench reader is not signed in: GET /api/user/current answered ${current.status}`);
  }
  const stats: AnswerStats = { answers: 0, withStories: 0, stories: 0, bytes: 0 };
  const run = await loadApp(app.address, load, { amount: POINTS, stats });
  console.log(
    `  first pass (unmeasured warm-up, ${run.requests} requests, ${run.errors} errors): ` +
      `${stats.withStories} of ${stats.answers} answers had stories, mean ${(stats.stories / (stats.answers || 1)).toFixed(1)} stories ` +
      `(cap ${DISCOVERABLE_RESULT_CAP}, ${DISCOVERY_RADIUS_M} m), mean ${(stats.bytes / (stats.answers || 1) / 1024).toFixed(1)} KiB`,
  );
  return stats;
}

function printStart(app: AppProcess) {
  const index =
    app.indexState === undefined ? 'no story index in /api/ready' : `storyIndex ${JSON.stringify(app.indexState)}`;
  console.log(
    `  app started: ready after ${(app.readyMs / 1000).toFixed(1)} s, index ready after ${(app.indexReadyMs / 1000).toFixed(1)} s (${index})`,
  );
}

async function appRound(app: AppProcess, load: AppLoad, dbName: string | undefined) {
  await loadApp(app.address, load, { seconds: WARMUP_S });
  const pg0 = dbName ? backendCpu(dbName) : undefined;
  const [run, appCpu] = await withProcessCpu(app.cpuPids, () => loadApp(app.address, load, { seconds: DURATION_S }));
  const pgCpu = dbName && pg0 ? backendCpuSince(dbName, pg0) : Number.NaN;
  return figuresOf(run, { pgCpuMs: pgCpu / run.requests, appCpuMs: appCpu / run.requests });
}

/** SQL from this process: `connections` loops on the reader schedule; PostgreSQL and client CPU around it. */
async function sqlRound(dbName: string, run: (c: number, k: number) => Promise<number>) {
  await runLoops(CONNECTIONS, WARMUP_S, run);
  const pg0 = backendCpu(dbName);
  const client0 = process.cpuUsage();
  const result = await runLoops(CONNECTIONS, DURATION_S, run);
  const client = process.cpuUsage(client0);
  return figuresOf(loopFigures(result), {
    pgCpuMs: backendCpuSince(dbName, pg0) / result.requests,
    clientCpuMs: (client.user + client.system) / 1000 / result.requests,
  });
}

async function benchPostgres(dist: Distribution): Promise<Summary> {
  const url = dist.databaseUrl;
  const dbName = new URL(url).pathname.slice(1);
  await ensurePostgresDatabase(url);
  const database = await openDatabase({ databaseUrl: url, poolSize: POOL });
  await seedIfNeeded(database, dist, N, args.reseed);
  const { readers, load, viewerIds, extraCookies } = await prepareReaders(database, dist);

  // One pool for both SQL statements, open for the whole run (so its backends' CPU is counted in full).
  const sqlPool = new pg.Pool({ connectionString: url, max: POOL, idleTimeoutMillis: 0 });
  const plain = plainOnPool(sqlPool);
  const appStatement = appStatementOnPool(database.db, sqlPool);
  const schedules = Array.from({ length: CONNECTIONS }, (_, c) => scheduleFor(readers, CONNECTIONS, c));
  const plainRun = (c: number, k: number) => plain(schedules[c]!(k).position);
  const appSqlRun = (c: number, k: number) => {
    const { reader, position } = schedules[c]!(k);
    return appStatement(position, viewerIds.get(reader.index) ?? null);
  };

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-bench-'));
  // A fresh Redis key prefix per start: claims left by an earlier run (another city) would read as impossible travel.
  const redisPrefix = APP_ENV.REDIS_URL ? { REDIS_KEY_PREFIX: `whispers-bench-${Date.now()}:` } : {};
  const app = await startApp(
    { DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_POOL_SIZE: String(POOL), ...redisPrefix, ...APP_ENV },
    READY_MINUTES,
  );
  app.cpuPids.push(...redisServerPids());
  try {
    printStart(app);
    const answers = await firstPass(app, load);
    const { rss: rssWarm, heapUsed: heapWarm } = await appMemory(app);
    console.log(`  app RSS after warm-up: ${MB(rssWarm)} (JS heap ${MB(heapWarm)})`);
    const rows: Row[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      report(rows, { round, what: 'app', figures: await appRound(app, load, dbName) });
      report(rows, { round, what: 'plain', figures: await sqlRound(dbName, plainRun) });
      report(rows, { round, what: 'app SQL', figures: await sqlRound(dbName, appSqlRun) });
    }
    const rssEnd = (await appMemory(app)).rss;
    console.log(`  app RSS at the end: ${MB(rssEnd)}`);
    const reconcileMs = await appReconcile(app);
    if (reconcileMs >= 0) console.log(`  index reconciliation with the table: ${(reconcileMs / 1000).toFixed(2)} s`);
    if (args.extras) {
      await signedInExtras(app.address, readers, extraCookies, DURATION_S);
      await stopApp(app);
      await clusterExtras(url, POOL, readers, CONNECTIONS, DURATION_S);
      await explainExtras(database, sqlPool, readers[0]!.positions[0]!);
    }
    return { dist: dist.key, rows, answers, app, rssWarm, heapWarm, rssEnd, reconcileMs };
  } finally {
    await stopApp(app);
    await sqlPool.end();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite(dist: Distribution): Promise<Summary> {
  const dir = path.join(os.tmpdir(), `whispers-bench-pglite-${dist.key}-${N}`);
  let database = await openDatabase({ pgliteDir: dir });
  await seedIfNeeded(database, dist, N, args.reseed);
  const { readers, load, extraCookies } = await prepareReaders(database, dist);
  // PGlite is one process: the app's child owns the database from here on.
  await database.close();

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-bench-'));
  const app = await startApp(
    { DATA_DIR: dataDir, DATABASE_URL: '', PGLITE_DIR: dir, DATABASE_POOL_SIZE: String(POOL), ...APP_ENV },
    READY_MINUTES,
  );
  try {
    printStart(app);
    const answers = await firstPass(app, load);
    const { rss: rssWarm, heapUsed: heapWarm } = await appMemory(app);
    console.log(`  app RSS after warm-up: ${MB(rssWarm)} (JS heap ${MB(heapWarm)})`);
    const rows: Row[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      report(rows, { round, what: 'app', figures: await appRound(app, load, undefined) });
      await plainInApp(app, readers, CONNECTIONS, WARMUP_S);
      const cpu0 = processCpuMs(app.pid);
      const result = await plainInApp(app, readers, CONNECTIONS, DURATION_S);
      const cpu = processCpuMs(app.pid) - cpu0;
      report(rows, {
        round,
        what: 'plain',
        figures: figuresOf(loopFigures(result), { appCpuMs: cpu / result.requests }),
      });
    }
    const rssEnd = (await appMemory(app)).rss;
    console.log(`  app RSS at the end: ${MB(rssEnd)}`);
    const reconcileMs = await appReconcile(app);
    if (reconcileMs >= 0) console.log(`  index reconciliation with the table: ${(reconcileMs / 1000).toFixed(2)} s`);
    if (args.extras) await signedInExtras(app.address, readers, extraCookies, DURATION_S);
    await stopApp(app);
    if (args.extras) {
      database = await openDatabase({ pgliteDir: dir, migrate: false });
      await explainExtras(database, undefined, readers[0]!.positions[0]!);
    }
    return { dist: dist.key, rows, answers, app, rssWarm, heapWarm, rssEnd, reconcileMs };
  } finally {
    await stopApp(app);
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = performance.now();
  console.log(
    `npm run bench: ${KIND}, N = ${N} per distribution (${DISTS.join(', ')}), ${CONNECTIONS} connections, pool ${POOL}, ` +
      `${ROUNDS} rounds × ${DURATION_S} s (+ ${WARMUP_S} s warm-up), ${POINTS} reader positions` +
      (args.visitors ? ', every reader a visitor' : ', half the readers signed in') +
      (Object.keys(APP_ENV).length ? `, app env ${JSON.stringify(APP_ENV)}` : ''),
  );
  console.log(`${os.cpus().length} CPUs, load average ${loadAverage()}, ${new Date().toISOString()}`);
  const summaries: Summary[] = [];
  for (const key of DISTS) {
    const dist = DISTRIBUTIONS[key];
    console.log(`\n== ${dist.describe}`);
    summaries.push(KIND === 'postgres' ? await benchPostgres(dist) : await benchPglite(dist));
  }
  for (const s of summaries) printSummary(s, KIND);
  console.log(`\nload average ${loadAverage()}; ${((performance.now() - started) / 60_000).toFixed(1)} min`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
