/**
 * A story's traces page at 10,000 traces (docs/decisions/045-traces-read-where-left.md,
 * 050-trace-counts-on-cards.md): the real app (buildApp) answers GET /api/stories/:id/traces to a reader the story
 * is unlocked for (an `unlocks` row, not its author), the first page and pages deep in the keyset (sealed cursors
 * from the Link header), ROUNDS times; prints p50/p99 of the server's answer through app.inject, the load average,
 * and the plan of the page statement as the repository runs it (EXPLAIN ANALYZE).
 *   npx tsx bench/traces.ts                 # PGlite
 *   npx tsx bench/traces.ts --db postgres   # BENCH_TRACES_DATABASE_URL, default
 *                                           # postgres://postgres@127.0.0.1:5432/whispers_traces_bench (recreated)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { createTraceRepository } from '../server/src/modules/traces/trace-repository';
import { createBenchReaders, ensurePostgresDatabase } from './support';

const TRACES = 10_000;
const ROUNDS = 300;
const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'pglite' } } });
const kind = args.db === 'postgres' ? 'postgres' : 'pglite';
const PG_URL = process.env.BENCH_TRACES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/whispers_traces_bench';

/** A fresh database each run (the writers' names are fixed). */
async function recreate(url: string) {
  const name = new URL(url).pathname.slice(1).replace(/"/g, '');
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.end();
  await ensurePostgresDatabase(url);
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-traces-page-'));
  if (kind === 'postgres') await recreate(PG_URL);
  const database =
    kind === 'postgres'
      ? await openDatabase({ databaseUrl: PG_URL })
      : await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  const [cookie] = await createBenchReaders(database, 1);
  const [reader] = await database.query<{ id: string }>(
    sql`SELECT user_id AS id FROM sessions ORDER BY created_at DESC LIMIT 1`,
  );
  const [owner] = await database.query<{ id: string }>(sql`
    INSERT INTO users (username, display_name, email, password_hash, is_setup_complete)
    VALUES ('tw_author', 'Author', 'tw_author@bench.test', 'x', true) RETURNING id`);
  const [story] = await database.query<{ id: string }>(sql`
    INSERT INTO stories (author_id, title, type, category, latitude, longitude, is_public, time_restriction, content)
    VALUES (${owner!.id}::uuid, 'Harbor Bell', 'text', 'History', 32.08, -81.09, true, 'none', 'The bell.') RETURNING id`);
  // The reader whose session we hold stood there: the story is unlocked for them (not theirs).
  await database.query(sql`INSERT INTO unlocks (user_id, story_id) VALUES (${reader!.id}::uuid, ${story!.id}::uuid)`);
  // 10,000 writers, one trace each, spread over 30 days.
  await database.query(sql`
    INSERT INTO users (username, display_name, email, password_hash, is_setup_complete)
    SELECT 'tw_' || g, 'Writer ' || g, 'tw_' || g || '@bench.test', 'x', true FROM generate_series(1, ${TRACES}) g`);
  await database.query(sql`
    INSERT INTO traces (story_id, writer_id, text, day, created_at)
    SELECT ${story!.id}::uuid, u.id, 'Found it, thanks for the walk ' || u.username,
           (now() - (row_number() OVER () * interval '4 minutes'))::date, now() - (row_number() OVER () * interval '4 minutes')
    FROM users u WHERE u.username LIKE 'tw\\_%' AND u.username <> 'tw_author'`);
  await database.query(sql`ANALYZE`);
  const [counted] = await database.query<{ trace_count: number }>(
    sql`SELECT trace_count FROM stories WHERE id = ${story!.id}::uuid`,
  );
  if (counted?.trace_count !== TRACES) throw new Error(`trace_count ${counted?.trace_count}, expected ${TRACES}`);

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_DISABLED: 'true',
    DATABASE_URL: kind === 'postgres' ? PG_URL : '',
    DATA_DIR: dir,
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const cpuTimes: number[] = [];
  const ask = async (url: string) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const res = await app.inject({ method: 'GET', url, headers: { cookie: cookie! } });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    // This process's CPU for the answer: the whole of it on PGlite (in process), the app's side on PostgreSQL.
    cpuTimes.push((used.user + used.system) / 1000);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    return { ms, next, count: res.json<{ traces: unknown[] }>().traces.length };
  };
  const first = `/api/stories/${story!.id}/traces?limit=20`;
  // Cursors deep into the list: walk 200 pages once (4,000 traces in) and keep some of the links.
  const deep: string[] = [];
  let url: string | null = first;
  for (let page = 0; url && page < 200; page++) {
    const answer = await ask(url);
    if (page % 20 === 19 && answer.next) deep.push(answer.next);
    url = answer.next;
  }
  // The page statement exactly as the repository runs it, explained: it must walk traces_story_created_idx.
  const plan = await explainPage(database, () => createTraceRepository(database).page(reader!.id, story!.id, 20, null));
  cpuTimes.length = 0;
  const firstTimes: number[] = [];
  const deepTimes: number[] = [];
  const serviceTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    firstTimes.push((await ask(first)).ms);
    deepTimes.push((await ask(deep[round % deep.length]!)).ms);
    // The service alone (the access lookup with the story's trace count, the keyset page, the reader's traces
    // today: three queries), without HTTP.
    const started = performance.now();
    await app.traces.service.list(reader!.id, story!.id, { limit: 20 });
    serviceTimes.push(performance.now() - started);
  }
  console.log(
    `${TRACES} traces on one story (${kind}, buildApp + app.inject, an unlocked reader); load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  console.log(`page plan:\n${plan}`);
  console.log(
    `first page (20): p50 ${percentile(firstTimes, 50).toFixed(2)} ms, p99 ${percentile(firstTimes, 99).toFixed(2)} ms`,
  );
  console.log(
    `deep pages (up to 4,000 in): p50 ${percentile(deepTimes, 50).toFixed(2)} ms, p99 ${percentile(deepTimes, 99).toFixed(2)} ms`,
  );
  console.log(
    `service only, first page: p50 ${percentile(serviceTimes, 50).toFixed(2)} ms, p99 ${percentile(serviceTimes, 99).toFixed(2)} ms`,
  );
  console.log(
    `CPU per answer (${kind === 'pglite' ? 'app and database' : 'app only'}, less sensitive to the load): p50 ${percentile(cpuTimes, 50).toFixed(2)} ms, p99 ${percentile(cpuTimes, 99).toFixed(2)} ms`,
  );
  await app.close();
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
}

/** EXPLAIN ANALYZE of the one statement `run` sends (caught on its way to the database). */
async function explainPage(database: Awaited<ReturnType<typeof openDatabase>>, run: () => Promise<unknown>) {
  const original = database.query.bind(database);
  let captured: Parameters<typeof database.query>[0] | null = null;
  database.query = async (query: Parameters<typeof database.query>[0]) => {
    captured = query;
    return original(query);
  };
  await run();
  database.query = original;
  const rows = await original<{ 'QUERY PLAN': string }>(sql`EXPLAIN ANALYZE ${captured!}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

await main();
