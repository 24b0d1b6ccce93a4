/**
 * A story's traces page at 10,000 traces (docs/decisions/045-traces-read-where-left.md): the real app (buildApp,
 * PGlite) answers GET /api/stories/:id/traces to the story's author, the first page and pages deep in the keyset
 * (sealed cursors from the Link header), ROUNDS times; prints p50/p99 of the server's answer through app.inject.
 *   npx tsx bench/traces-page.ts
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { createBenchReaders } from './support';

const TRACES = 10_000;
const ROUNDS = 300;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-traces-page-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  const [cookie] = await createBenchReaders(database, 1);
  const [author] = await database.query<{ id: string }>(
    sql`SELECT user_id AS id FROM sessions ORDER BY created_at DESC LIMIT 1`,
  );
  // The story belongs to the reader whose session we hold: its author reads every trace.
  const [story] = await database.query<{ id: string }>(sql`
    INSERT INTO stories (author_id, title, type, category, latitude, longitude, is_public, time_restriction, content)
    VALUES (${author!.id}::uuid, 'Harbor Bell', 'text', 'History', 32.08, -81.09, true, 'none', 'The bell.') RETURNING id`);
  // 10,000 writers, one trace each, spread over 30 days.
  await database.query(sql`
    INSERT INTO users (username, display_name, email, password_hash, is_setup_complete)
    SELECT 'tw_' || g, 'Writer ' || g, 'tw_' || g || '@bench.test', 'x', true FROM generate_series(1, ${TRACES}) g`);
  await database.query(sql`
    INSERT INTO traces (story_id, writer_id, text, day, created_at)
    SELECT ${story!.id}::uuid, u.id, 'Found it, thanks for the walk ' || u.username,
           (now() - (row_number() OVER () * interval '4 minutes'))::date, now() - (row_number() OVER () * interval '4 minutes')
    FROM users u WHERE u.username LIKE 'tw\\_%'`);
  await database.query(sql`ANALYZE traces`);

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_DISABLED: 'true',
    DATABASE_URL: '',
    DATA_DIR: dir,
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const ask = async (url: string) => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { cookie: cookie! } });
    const ms = performance.now() - started;
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
  const plan = await database.query<{ 'QUERY PLAN': string }>(sql`
    EXPLAIN SELECT id FROM traces WHERE story_id = ${story!.id}::uuid ORDER BY created_at DESC, id DESC LIMIT 21`);
  const firstTimes: number[] = [];
  const deepTimes: number[] = [];
  const serviceTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    firstTimes.push((await ask(first)).ms);
    deepTimes.push((await ask(deep[round % deep.length]!)).ms);
    // The service alone (the access lookup, the count and the keyset page: three queries), without HTTP.
    const started = performance.now();
    await app.traces.service.list(author!.id, story!.id, { limit: 20 });
    serviceTimes.push(performance.now() - started);
  }
  console.log(
    `${TRACES} traces on one story (PGlite, buildApp + app.inject); load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  console.log(`plan: ${plan.map((row) => row['QUERY PLAN']).join(' / ')}`);
  console.log(
    `first page (20): p50 ${percentile(firstTimes, 50).toFixed(2)} ms, p99 ${percentile(firstTimes, 99).toFixed(2)} ms`,
  );
  console.log(
    `deep pages (up to 4,000 in): p50 ${percentile(deepTimes, 50).toFixed(2)} ms, p99 ${percentile(deepTimes, 99).toFixed(2)} ms`,
  );
  console.log(
    `service only, first page: p50 ${percentile(serviceTimes, 50).toFixed(2)} ms, p99 ${percentile(serviceTimes, 99).toFixed(2)} ms`,
  );
  await app.close();
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
}

await main();
