/**
 * The app under load, in its own process (bench/serve.ts; bench/run.ts forks it) so the load generator does not
 * share its event loop: buildApp(config) exactly as production starts it, logger silent, rate limits off. With
 * `--workers N` this runs in each of N cluster workers (bench/serve-cluster.ts relays the IPC below).
 * Environment: DATABASE_URL (PostgreSQL) or PGLITE_DIR, plus DATABASE_POOL_SIZE and DATA_DIR; BENCH_CPU_PROFILE,
 * BENCH_QUERY_COUNTS, BENCH_RUNTIME_STATS, BENCH_TAIL (each described where it is read).
 *
 * IPC: 'stop'; 'memory' → { memory: { rss, heapUsed } }; 'reconcile' → { reconciledMs }; { plain: { seconds,
 * connections, readers } } runs the plain query (bench/plain-query.ts) in `connections` concurrent loops for
 * `seconds` on the app's own database handle → { plainResult } — on PGlite the database lives in this process, so
 * that is the only way to run it beside the app in one process lifetime.
 */
import cluster from 'node:cluster';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { scheduleFor, type Reader } from './distributions';
import { runLoops } from './measure';
import { plainOnPglite, plainOnPool } from './plain-query';

// BENCH_QUERY_COUNTS=1: count the SQL statements the app sends (by their text, in all and per second of the wall
// clock), printed at 'stop': where the database round trips of a request mix go, and what its busiest seconds sent.
const queryCounts = process.env.BENCH_QUERY_COUNTS ? await countQueries() : undefined;
async function countQueries() {
  const counts = new Map<string, number>();
  const bySecond = new Map<string, Map<string, number>>();
  const { default: pg } = await import('pg');
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 140);
    counts.set(text, (counts.get(text) ?? 0) + 1);
    const second = new Date().toISOString().slice(11, 19);
    const inSecond = bySecond.get(second) ?? new Map<string, number>();
    bySecond.set(second, inSecond);
    inSecond.set(text, (inSecond.get(text) ?? 0) + 1);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return { counts, bySecond };
}
const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' });
const database = config.databaseUrl
  ? undefined
  : await openDatabase({ pgliteDir: process.env.PGLITE_DIR, migrate: false });
const app = await buildApp(config, { database, logger: false });
// BENCH_TAIL=1: the app's own time per request (from the request metrics), so a slow answer can be placed in the
// app or outside it; the slowest are printed at 'stop' with their wall clock.
const serverTimes = process.env.BENCH_TAIL ? watchServerTimes() : undefined;
function watchServerTimes() {
  const slowest: { at: number; route: string; ms: number }[] = [];
  const record = app.metrics.http.record.bind(app.metrics.http);
  app.metrics.http.record = (method, route, statusCode, seconds) => {
    record(method, route, statusCode, seconds);
    if (seconds < 0.1) return;
    slowest.push({ at: Date.now(), route: `${method} ${route}`, ms: seconds * 1000 });
  };
  return () => {
    slowest.sort((a, b) => b.ms - a.ms);
    console.log(`app: ${slowest.length} answers took the app 100 ms or more; the slowest:`);
    for (const { at, route, ms } of slowest.slice(0, 12))
      console.log(`  ${new Date(at).toISOString().slice(11, 23)} ${route} ${ms.toFixed(0)} ms`);
  };
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address });
// In a cluster, the supervisor answers run.ts only once every worker's index is warm (/api/ready would ask one).
if (cluster.isWorker) void reportIndexWarm();
async function reportIndexWarm() {
  while (app.storyIndex?.state === 'warming') await new Promise((resolve) => setTimeout(resolve, 100));
  process.send?.({ indexWarm: true });
}
// BENCH_CPU_PROFILE=<file>: a V8 CPU profile of the whole run, written at 'stop' (open it in Chrome DevTools).
const profileFile =
  process.env.BENCH_CPU_PROFILE &&
  (cluster.isWorker ? `${process.env.BENCH_CPU_PROFILE}.${cluster.worker!.id}` : process.env.BENCH_CPU_PROFILE);
const profiler = profileFile ? await startProfiler() : undefined;
async function startProfiler() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    const fs = await import('node:fs/promises');
    await fs.writeFile(profileFile!, JSON.stringify(profile));
  };
}
// BENCH_RUNTIME_STATS=1: event-loop delay (p50, p99, max) and garbage collection (count, total, longest pause) over
// the whole run, printed at 'stop': whether latency comes from the loop being blocked or from collections.
const runtimeStats = process.env.BENCH_RUNTIME_STATS ? await watchRuntime() : undefined;
async function watchRuntime() {
  const { monitorEventLoopDelay, PerformanceObserver } = await import('node:perf_hooks');
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const started = performance.now();
  // Each second: the loop's longest delay in it, the reads the story index sent to SQL (and why) and the pool's
  // busiest moment, printed for the seconds where one stands out, by wall clock (the load's tail report's clock).
  const secondLoop = monitorEventLoopDelay({ resolution: 5 });
  secondLoop.enable();
  let lastReads = app.storyIndex?.reads;
  const standouts: string[] = [];
  // The pool's most waiting clients and fewest idle connections in each second, sampled every 20 ms.
  let poolWaiting = 0;
  let poolIdle = Infinity;
  let poolTotal = 0;
  const poolSampler = setInterval(() => {
    const stats = app.database.poolStats?.();
    if (!stats) return;
    poolWaiting = Math.max(poolWaiting, stats.waiting);
    poolIdle = Math.min(poolIdle, stats.idle);
    poolTotal = Math.max(poolTotal, stats.total);
  }, 20);
  poolSampler.unref();
  const perSecond = setInterval(() => {
    const reads = app.storyIndex?.reads;
    const sql =
      reads && lastReads
        ? {
            notServing: reads.notServing - lastReads.notServing,
            lagging: reads.lagging - lastReads.lagging,
            ownWriteLate: reads.ownWriteLate - lastReads.ownWriteLate,
          }
        : undefined;
    lastReads = reads;
    const maxMs = secondLoop.max / 1e6;
    secondLoop.reset();
    const fellBack = sql ? sql.notServing + sql.lagging + sql.ownWriteLate : 0;
    const pool =
      poolWaiting > 0 ? `, pool: up to ${poolWaiting} waiting, ${poolIdle} idle at least, ${poolTotal} open` : '';
    if (maxMs > 100 || fellBack > 0 || poolWaiting > 0) {
      const clock = new Date().toISOString().slice(11, 19);
      standouts.push(
        `${clock} loop max ${maxMs.toFixed(0)} ms${fellBack ? `, to SQL ${JSON.stringify(sql)}` : ''}${pool}`,
      );
    }
    poolWaiting = 0;
    poolIdle = Infinity;
    poolTotal = 0;
  }, 1000);
  perSecond.unref();
  return () => {
    loop.disable();
    secondLoop.disable();
    clearInterval(perSecond);
    clearInterval(poolSampler);
    observer.disconnect();
    if (app.storyIndex) console.log(`story index reads: ${JSON.stringify(app.storyIndex.reads)}`);
    console.log(
      `seconds that stood out (event-loop delay > 100 ms, reads sent to SQL or clients waiting for the pool): ${standouts.length}`,
    );
    for (const line of standouts.slice(0, 40)) console.log(`  ${line}`);
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `app runtime over ${seconds.toFixed(0)} s: event-loop delay p50 ${ms(loop.percentile(50))} ms, ` +
        `p99 ${ms(loop.percentile(99))} ms, max ${ms(loop.max)} ms; GC ${gc.count} collections, ${gc.totalMs.toFixed(0)} ms in all ` +
        `(${((gc.totalMs / 1000 / seconds) * 100).toFixed(1)} % of the time), longest ${gc.maxMs.toFixed(1)} ms`,
    );
  };
}
async function stop() {
  runtimeStats?.();
  serverTimes?.();
  await profiler?.();
  if (queryCounts) {
    const top = [...queryCounts.counts].sort((a, b) => b[1] - a[1]).slice(0, 30);
    console.log(top.map(([text, count]) => `${String(count).padStart(7)}  ${text}`).join('\n'));
    // The busiest seconds (by wall clock) and what they sent most.
    const busiest = [...queryCounts.bySecond].map(([second, texts]) => ({
      second,
      texts,
      total: [...texts.values()].reduce((a, b) => a + b, 0),
    }));
    busiest.sort((a, b) => b.total - a.total);
    for (const { second, texts, total } of busiest.slice(0, 8)) {
      const most = [...texts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([text, n]) => `${n} ${text.slice(0, 50)}`);
      console.log(`  ${second}: ${total} statements; ${most.join(' | ')}`);
    }
  }
  await app.close();
  await database?.close();
  process.exit(0);
}
/** The process's memory for the soak (bench/mixed-load.ts): after a full collection when --expose-gc is on. */
function reportMemory() {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ memory: { rss, heapUsed } });
}
/** One reconciliation of the story index with the table, timed (bench/README.md goal 5); -1 without an index. */
async function reconcile() {
  process.send?.({ reconciledMs: app.storyIndex ? await app.storyIndex.reconcileNow() : -1 });
}
let plainRun: ((p: Reader['home']) => Promise<number>) | undefined;
/** The plain query from inside this process, the same loops and schedule as bench/run.ts runs from Node. */
async function runPlain(request: { seconds: number; connections: number; readers: Reader[] }) {
  plainRun ??= app.database.pglite
    ? await plainOnPglite(app.database.pglite)
    : plainOnPool((app.database.db as unknown as { $client: import('pg').Pool }).$client);
  const run = plainRun;
  const schedules = Array.from({ length: request.connections }, (_, c) =>
    scheduleFor(request.readers, request.connections, c),
  );
  const plainResult = await runLoops(request.connections, request.seconds, (c, k) => run(schedules[c]!(k).position));
  process.send?.({ plainResult });
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
  if (message === 'memory') reportMemory();
  if (message === 'reconcile') void reconcile();
  const plain = (message as { plain?: Parameters<typeof runPlain>[0] } | null)?.plain;
  if (plain) void runPlain(plain);
});
