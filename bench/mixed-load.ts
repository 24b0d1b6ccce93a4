/**
 * Mixed load and soak (docs/security.md, "Threat model"): the real app under a workload like real use, at a fixed request rate.
 *
 *   npx tsx bench/mixed-load.ts [--db postgres|pglite] [--duration 60] [--rate N] [--soak 600] [--step 15] [--start 5]
 *                               [--n 100000] [--readers 64] [--connections 32] [--pool 10] [--arrivals steady|bursts]
 *                               [--warmup 0]
 *
 * Mix per request: 40 % GET /api/stories/discoverable/:lat/:lng, 40 % GET /api/stories/map/:lat/:lng (80 % reads),
 * 15 % POST /api/stories/:id/like, 5 % multipart POST /api/stories (text), all by signed-in readers.
 * Readers live in groups of four at random places of the seeded city (bench/support.ts `randomPoints`) and read
 * within 30 m of their place, so the travel rule never pauses them. Before the load each reader creates one story
 * at its place and unlocks its three neighbours' stories by reading them from there; likes go to those (a repeated
 * like answers 200 too). Creations are placed where their author reads.
 *
 * 1. Search (unless --rate): from --start (5) req/s, each rate held --step seconds, rates rise by ×1.25 until p99 >
 *    100 ms, a failure, or the achieved rate falls 10 % short of the target (or, when the start fails, fall by ×0.8
 *    until one holds); the last rate that held is confirmed over --duration s (stepping down until a run holds).
 * 2. Soak at half that rate (or at --rate N req/s, which skips the search) for --soak seconds (0 skips it), after
 *    --warmup seconds that bring the rate up in four steps (0: none): errors and non-2xx answers must be zero, and the app's
 *    RSS and heap (after a full GC) are read at the start and end; growth must stay under 10 %.
 *
 * Arrivals (bench/load-generators.ts): `steady` (default) starts request i at i / rate seconds on one of
 * --connections keep-alive sockets and times it from that start; `bursts` is autocannon's `overallRate`, which sends
 * each connection's share of a second back to back at the start of every second.
 *
 * The app runs in its own process (bench/serve.ts: buildApp as production, logger silent, RATE_LIMIT_DISABLED=true,
 * UNLOCK_BUDGET_USER raised so the readers' unlocks are not capped within the hour). PostgreSQL: BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/whispers_mixed, created when missing); its stories are reseeded on
 * every run. PGlite: a fresh directory under $TMPDIR.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/src/db/client';
import { seedCity } from '../server/src/modules/stories/test-support/seed-city';
import {
  CITY_BACKGROUND_HALF_DEGREES,
  CITY_CENTRE,
  createBenchAuthor,
  createBenchReaders,
  ensurePostgresDatabase,
} from './support';
import { burstLoad, steadyLoad, tailReport, type LoadResult } from './load-generators';
import {
  nextRequest,
  prepareReaders,
  probeKinds,
  READERS_PER_PLACE,
  requestKind,
  type Reader,
} from './mixed-load-readers';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    duration: { type: 'string', default: '60' },
    rate: { type: 'string' },
    soak: { type: 'string', default: '600' },
    step: { type: 'string', default: '15' },
    start: { type: 'string', default: '5' },
    n: { type: 'string', default: '100000' },
    readers: { type: 'string', default: '64' },
    connections: { type: 'string', default: '32' },
    pool: { type: 'string', default: '10' },
    arrivals: { type: 'string', default: 'steady' },
    warmup: { type: 'string', default: '0' },
  },
});

const P99_LIMIT_MS = 100;
const MEMORY_GROWTH_LIMIT = 0.1;
const kind = args.db === 'pglite' ? 'pglite' : 'postgres';
const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/whispers_mixed';
const STORY_COUNT = Number(args.n);
const READER_COUNT = Math.ceil(Number(args.readers) / READERS_PER_PLACE) * READERS_PER_PLACE;
const CONNECTIONS = Number(args.connections);

/** A load run's figures at its target rate. */
type Figures = Omit<LoadResult, 'failures'> & { targetRate: number };

async function seed(database: Database) {
  const started = performance.now();
  await database.query(sql`TRUNCATE stories CASCADE`);
  const authorId = await createBenchAuthor(database);
  await seedCity(database, {
    count: STORY_COUNT,
    authorId,
    centre: CITY_CENTRE,
    backgroundHalfDegrees: CITY_BACKGROUND_HALF_DEGREES,
    batch: kind === 'pglite' ? 20_000 : 100_000,
  });
  await database.query(sql`ANALYZE stories`);
  console.log(`seeded ${STORY_COUNT} stories in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function startApp(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), {
    // --expose-gc: the soak reads the heap after a full collection, so garbage does not pass for growth.
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env },
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
  });
  return { child, baseUrl };
}

function appMemory(child: ChildProcess): Promise<{ rss: number; heapUsed: number }> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      const memory = (m as { memory?: { rss: number; heapUsed: number } }).memory;
      if (!memory) return;
      child.off('message', onMessage);
      resolve(memory);
    };
    child.on('message', onMessage);
    child.send('memory');
  });
}

async function load(baseUrl: string, readers: Reader[], rate: number, seconds: number): Promise<Figures> {
  const generate = args.arrivals === 'bursts' ? burstLoad : steadyLoad;
  const { failures, answered, startedAt, ...figures } = await generate(baseUrl, {
    rate,
    seconds,
    connections: CONNECTIONS,
    next: () => nextRequest(readers),
    kindOf: requestKind,
  });
  for (const [failure, count] of failures) console.log(`    ${count} × ${failure}`);
  // BENCH_TAIL=1: where the slowest answers were (kinds, seconds) and whether the generator itself fell behind.
  if (process.env.BENCH_TAIL && answered && startedAt) console.log(tailReport(answered, startedAt));
  return { targetRate: rate, ...figures };
}

/**
 * --warmup S: the rate reached in four steps of S/4 seconds (a quarter, half, three quarters, all of it) before the
 * soak is measured, as a load balancer's slow start brings a new instance in. A fresh process met with the full
 * rate at once fell behind in its first second (code V8 had not optimised yet, a young heap, new sockets) and took
 * seconds to drain that backlog (bench/README.md "Mixed load: the first seconds").
 */
async function warmUp(baseUrl: string, readers: Reader[], rate: number, seconds: number) {
  if (seconds <= 0) return;
  for (const share of [0.25, 0.5, 0.75, 1]) {
    const figures = await load(baseUrl, readers, Math.max(1, Math.round(rate * share)), seconds / 4);
    console.log(describe(`  warm-up ${seconds / 4} s`, figures));
  }
}

/** Held: p99 within the limit, the rate actually delivered (a saturated app falls behind), and no failure. */
const held = (f: Figures) => f.p99 <= P99_LIMIT_MS && f.achievedRate >= 0.9 * f.targetRate && f.errors + f.non2xx === 0;

function describe(label: string, f: Figures): string {
  return (
    `${label}: target ${f.targetRate} req/s, achieved ${f.achievedRate.toFixed(1)}, p50 ${f.p50} ms, p99 ${f.p99} ms, ` +
    `max ${f.max} ms, ${f.requests} requests, errors ${f.errors}, timeouts ${f.timeouts}, non-2xx ${f.non2xx}, ` +
    `codes ${JSON.stringify(f.statusCodes)} → ${held(f) ? 'held' : 'not held'}`
  );
}

async function findMaxRate(baseUrl: string, readers: Reader[]): Promise<Figures | null> {
  const step = Number(args.step);
  const duration = Number(args.duration);
  const holds = async (rate: number) => {
    const figures = await load(baseUrl, readers, rate, step);
    console.log(describe(`  step ${step} s`, figures));
    return held(figures);
  };
  let lastHeld: number | null = null;
  let rate = Number(args.start);
  if (await holds(rate)) {
    // Up by a quarter (at least 1 req/s) until a step fails.
    do {
      lastHeld = rate;
      rate = Math.max(rate + 1, Math.round(rate * 1.25));
    } while (await holds(rate));
  } else {
    // The start rate already failed: down by a fifth until a step holds.
    while (lastHeld === null && rate > 1) {
      rate = Math.max(1, Math.min(rate - 1, Math.round(rate * 0.8)));
      if (await holds(rate)) lastHeld = rate;
    }
  }
  if (lastHeld === null) return null;
  for (
    let confirmRate = lastHeld;
    confirmRate >= 1;
    confirmRate = Math.min(confirmRate - 1, Math.round(confirmRate * 0.8))
  ) {
    const figures = await load(baseUrl, readers, confirmRate, duration);
    console.log(describe(`  confirm ${duration} s`, figures));
    if (held(figures)) return figures;
  }
  return null;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-mixed-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  let database: Database;
  if (kind === 'postgres') {
    await ensurePostgresDatabase(BENCH_URL);
    database = await openDatabase({ databaseUrl: BENCH_URL });
  } else {
    database = await openDatabase({ pgliteDir });
  }
  await seed(database);
  const cookies = await createBenchReaders(database, READER_COUNT);
  // PGlite is single-process: the bench lets go of it before the app opens it.
  await database.close();

  const { child, baseUrl } = await startApp({
    DATA_DIR: dataDir,
    DATABASE_POOL_SIZE: args.pool,
    UNLOCK_BUDGET_USER: '100000',
    ...(kind === 'postgres' ? { DATABASE_URL: BENCH_URL } : { DATABASE_URL: '', PGLITE_DIR: pgliteDir }),
  });
  let failed = false;
  try {
    const readers = await prepareReaders(baseUrl, cookies);
    console.log(
      `${kind}, ${STORY_COUNT} seeded stories, ${readers.length} readers at ${readers.length / READERS_PER_PLACE} places, ` +
        `${CONNECTIONS} connections, pool ${args.pool}, rate limits off (RATE_LIMIT_DISABLED=true)`,
    );
    // Warm-up: prepared statements on the pooled connections, JIT.
    await load(baseUrl, readers, 10, 10);
    await probeKinds(baseUrl, readers);

    let rate: number;
    if (args.rate) {
      rate = Number(args.rate);
    } else {
      const best = await findMaxRate(baseUrl, readers);
      if (!best) throw new Error(`no rate held p99 ≤ ${P99_LIMIT_MS} ms`);
      console.log(
        `\nHighest rate with p99 ≤ ${P99_LIMIT_MS} ms for ${args.duration} s: ${best.targetRate} req/s (p99 ${best.p99} ms)`,
      );
      rate = Math.max(1, Math.round(best.targetRate / 2));
    }

    const soakSeconds = Number(args.soak);
    if (soakSeconds > 0) {
      await warmUp(baseUrl, readers, rate, Number(args.warmup));
      const before = await appMemory(child);
      const figures = await load(baseUrl, readers, rate, soakSeconds);
      const after = await appMemory(child);
      console.log(describe(`\nSoak ${soakSeconds} s`, figures));
      const rssGrowth = after.rss / before.rss - 1;
      const heapGrowth = after.heapUsed / before.heapUsed - 1;
      console.log(
        `app memory: RSS ${mb(before.rss)} → ${mb(after.rss)} MB (${(rssGrowth * 100).toFixed(1)} %), ` +
          `heap after GC ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB (${(heapGrowth * 100).toFixed(1)} %)`,
      );
      const errors = figures.errors + figures.timeouts + figures.non2xx;
      if (errors > 0) {
        console.log(`FAIL: ${errors} errors during the soak`);
        failed = true;
      }
      if (rssGrowth >= MEMORY_GROWTH_LIMIT || heapGrowth >= MEMORY_GROWTH_LIMIT) {
        console.log(`FAIL: memory grew by ${MEMORY_GROWTH_LIMIT * 100} % or more`);
        failed = true;
      }
    }
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
