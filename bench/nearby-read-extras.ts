/**
 * `npm run bench -- --extras`: the older measurements of the nearby read, kept out of the default run.
 *
 * - signed in, first pass and steady: every connection one fresh signed-in reader; first pass = each reader reads
 *   each of its positions once (nearly every read finds stories new to it and writes marks, now and then a
 *   notification), steady = the same readers again (a reader at home), then visitors only;
 * - cluster (PostgreSQL): the production entry (server/src/main.ts) with WEB_CONCURRENCY 1 and 2, as visitors;
 * - EXPLAIN (ANALYZE, BUFFERS) of the app's statement and of the plain query at the first reader position.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { DISCOVERABLE_RESULT_CAP, DISCOVERY_RADIUS_M } from '#common/constants';
import type { Database } from '../server/src/db/client';
import { useBoxMethod } from '../server/src/modules/stories/nearby-method';
import { storyQueries } from '../server/src/modules/stories/story-queries';
import { freePort } from '../tests/helpers/processes';
import { loadApp, type AppLoad, type AppRun } from './app-load';
import type { Reader } from './distributions';
import { PLAIN_QUERY } from './plain-query';

const line = (label: string, f: AppRun) =>
  `  ${label.padEnd(34)} ${f.rps.toFixed(0).padStart(5)} req/s  p50 ${f.p50.toFixed(2)} ms  p99 ${f.p99.toFixed(2)} ms  ` +
  `(${f.requests} requests, ${f.errors} errors)`;

/** Signed in (first pass, steady) against visitors, on the running app. `cookies`: one fresh reader per connection. */
export async function signedInExtras(address: string, readers: Reader[], cookies: string[], seconds: number) {
  const connections = cookies.length;
  // Each connection's readers all use that connection's fresh account.
  const signed: AppLoad = {
    readers,
    connections,
    cookies: new Map(readers.map((r) => [r.index, cookies[r.index % connections]!])),
  };
  const visitors: AppLoad = { readers, connections, cookies: new Map() };
  const total = readers.reduce((n, r) => n + r.positions.length, 0);
  const first = await loadApp(address, signed, { amount: total });
  const steady = await loadApp(address, signed, { seconds });
  const visitor = await loadApp(address, visitors, { seconds });
  console.log(line('extras: signed in, first pass', first));
  console.log(line('extras: signed in, steady', steady));
  console.log(line('extras: visitors only', visitor));
  console.log(`  extras: signed in steady / visitors: ${((steady.rps / visitor.rps) * 100).toFixed(0)}%`);
}

/** The production entry with WEB_CONCURRENCY workers, loaded by visitors (each worker has its own pool). */
export async function clusterExtras(
  databaseUrl: string,
  pool: number,
  readers: Reader[],
  connections: number,
  seconds: number,
) {
  for (const workers of [1, 2]) {
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
        TRUST_PROXY: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: String(pool),
        WEB_CONCURRENCY: String(workers),
        REDIS_URL: '',
        // Every worker must sign media links alike.
        MEDIA_SECRET: crypto.randomBytes(32).toString('hex'),
      },
    });
    const address = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 300_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
        if (Date.now() > deadline) throw new Error('the app did not become ready');
        const ready = await fetch(`${address}/api/ready`).then(
          async (r) =>
            r.ok && ((await r.json()) as { checks?: { storyIndex?: unknown } }).checks?.storyIndex !== 'warming',
          () => false,
        );
        if (ready) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const load: AppLoad = { readers, connections, cookies: new Map() };
      await autocannon({ url: `${address}/api/ready`, connections, duration: 1 });
      await loadApp(address, load, { seconds: 3 });
      console.log(line(`extras: npm start, WEB_CONCURRENCY=${workers}`, await loadApp(address, load, { seconds })));
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the app's nearby statement and of the plain query at `at`. */
export async function explainExtras(database: Database, sqlPool: pg.Pool | undefined, at: Reader['home']) {
  const method = useBoxMethod(at.latitude, at.longitude, DISCOVERY_RADIUS_M, DISCOVERABLE_RESULT_CAP) ? 'box' : 'knn';
  const statement = storyQueries.nearby(database.db, {
    lat: at.latitude,
    lng: at.longitude,
    radius: DISCOVERY_RADIUS_M,
    limit: DISCOVERABLE_RESULT_CAP,
    viewerId: null,
    method,
  });
  const rows = await database.query<Record<string, unknown>>(sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${statement}`);
  console.log(
    `\n  extras: EXPLAIN the app's statement (${method}) at ${at.latitude.toFixed(5)}, ${at.longitude.toFixed(5)}:`,
  );
  console.log(rows.map((r) => `    ${String(Object.values(r)[0])}`).join('\n'));
  if (sqlPool) {
    const plain = await sqlPool.query<Record<string, unknown>>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${PLAIN_QUERY}`,
      [at.longitude, at.latitude],
    );
    console.log(`\n  extras: EXPLAIN the plain query at the same place:`);
    console.log(plain.rows.map((r) => `    ${String(Object.values(r)[0])}`).join('\n'));
  }
}
