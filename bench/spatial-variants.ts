/**
 * Experiment: other spatial SQL for the nearby read (bench/README.md, "The query"), raw SQL only, no app.
 *
 *   npx tsx bench/spatial-variants.ts [--n 1000000] [--duration 10] [--connections 16] [--pool 4]
 *     [--radius 1500] [--cap 50] [--check 200] [--rounds 2] [--warmup 3] [--variants A,B,C,D,E] [--reseed]
 *
 * Database `whispers_variants` (VARIANTS_DATABASE_URL), seeded like bench/run.ts. The extra columns and indexes
 * the variants need are added here, in this database only, never in the app's migrations:
 *
 *   A  the app's statement (storyQueries.nearby(...).toSQL()): KNN on the geography column, `<->`, LIMIT cap.
 *   B  geometry column, `&&` a latitude-aware degree box around the radius, ST_DistanceSphere <= radius,
 *      ORDER BY the distance LIMIT cap (every row of the box is measured and sorted).
 *   C  geometry column, planar KNN `ORDER BY location_geom <-> point LIMIT cap` (degrees, so the cap's rows
 *      are not exactly the nearest on the sphere), then the sphere distance for the filter and the order.
 *   D  unit-sphere geocentric PointZ column, n-D KNN `<<->>`: the 3-D chord grows with the great-circle
 *      distance, so chord order is the sphere's nearest-first order, with no trigonometry in the index walk;
 *      distance = 2R·asin(chord/2).
 *   E  exact B without B's cost: C's planar KNN walk only yields a reach (the sphere distance of the farthest of
 *      its cap stories, an upper bound of the true cap-th distance); B's box + sort then runs on that reach,
 *      which holds ~cap / cos(latitude) stories instead of everything within the radius. Like A, the radius is
 *      only applied by the outer query, so each row of the box costs one sphere distance (the sort key).
 *
 * Every variant returns the app's column list (the outer query is A's), runs as a named prepared statement on a
 * node-postgres pool like the app's, and is compared row by row with A at the first --check points. The runs
 * are interleaved (A B C D E A B C D E) since the machine is shared. PostgreSQL CPU per query is read from /proc
 * (utime + stime of this database's backends) around each run.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../server/src/db/client';
import { seedCity } from '../server/src/modules/stories/test-support/seed-city';
import { appStatement, buildVariants, type Variant } from './spatial-variant-statements';
import { compact, compare, explain, planCheck, run, type AnswerShape } from './spatial-variant-queries';
import {
  CITY_BACKGROUND_HALF_DEGREES,
  CITY_CENTRE,
  createBenchAuthor,
  ensurePostgresDatabase,
  randomPoints,
  type Point,
} from './support';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    pool: { type: 'string', default: '4' },
    points: { type: 'string', default: '2000' },
    radius: { type: 'string', default: '1500' },
    cap: { type: 'string', default: '50' },
    check: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '3' },
    variants: { type: 'string', default: 'A,B,C,D,E' },
    reseed: { type: 'boolean', default: false },
  },
});

const N = Number(args.n);
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const POOL = Number(args.pool);
const RADIUS_M = Number(args.radius);
const CAP = Number(args.cap);
const CHECK = Number(args.check);
const ROUNDS = Number(args.rounds);
const WARMUP_S = Number(args.warmup);
const SHAPE: AnswerShape = { radius: RADIUS_M, cap: CAP };
const URL_ = process.env.VARIANTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/whispers_variants';
const DB_NAME = new URL(URL_).pathname.slice(1);

// ---------------------------------------------------------------------------------------------------------
// Database: create, migrate (openDatabase), variant columns, seed.

async function ensureDatabase() {
  await ensurePostgresDatabase(URL_);
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS postgis').finally(() => client.end());
}

// Generated from latitude/longitude like the app's `location`. Adding them to a full table rewrites it once;
// on a fresh database they are added before the load.
const VARIANT_COLUMNS = [
  sql`ALTER TABLE stories ADD COLUMN IF NOT EXISTS location_geom geometry(Point, 4326)
        GENERATED ALWAYS AS (ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)) STORED`,
  sql`ALTER TABLE stories ADD COLUMN IF NOT EXISTS location_xyz geometry(PointZ)
        GENERATED ALWAYS AS (ST_MakePoint(cos(radians(latitude)) * cos(radians(longitude)),
                                          cos(radians(latitude)) * sin(radians(longitude)),
                                          sin(radians(latitude)))) STORED`,
];
const GIST_INDEXES = [
  {
    name: 'stories_location_gist_idx',
    create: sql`CREATE INDEX IF NOT EXISTS stories_location_gist_idx ON stories USING gist (location)`,
  },
  {
    name: 'stories_location_geom_gist_idx',
    create: sql`CREATE INDEX IF NOT EXISTS stories_location_geom_gist_idx ON stories USING gist (location_geom)`,
  },
  // The n-D operator class: 3-D boxes and the `<<->>` KNN distance.
  {
    name: 'stories_location_xyz_gist_idx',
    create: sql`CREATE INDEX IF NOT EXISTS stories_location_xyz_gist_idx ON stories USING gist (location_xyz gist_geometry_ops_nd)`,
  },
];

async function prepareData(database: Database) {
  for (const statement of VARIANT_COLUMNS) await database.query(statement);
  const [{ count } = { count: 0 }] = await database.query<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM stories`,
  );
  if (count === N && !args.reseed) {
    console.log(`stories: ${count} already seeded`);
  } else {
    console.log(`seeding ${N} stories…`);
    const started = performance.now();
    await database.query(sql`TRUNCATE stories CASCADE`);
    const authorId = await createBenchAuthor(database);
    // As bench/run.ts: GiST indexes are built once after the load, several times faster than row by row.
    for (const index of GIST_INDEXES) await database.query(sql.raw(`DROP INDEX IF EXISTS ${index.name}`));
    await seedCity(database, {
      count: N,
      authorId,
      centre: CITY_CENTRE,
      backgroundHalfDegrees: CITY_BACKGROUND_HALF_DEGREES,
      batch: 200_000,
    });
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const index of GIST_INDEXES) {
    const started = performance.now();
    const [exists] = await database.query(sql`SELECT 1 FROM pg_class WHERE relname = ${index.name}`);
    if (exists) continue;
    await database.query(index.create);
    console.log(`${index.name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await database.query(sql`VACUUM ANALYZE stories`);
  const sizes = await database.query<{ name: string; size: string }>(sql`
    SELECT c.relname AS name, pg_size_pretty(pg_relation_size(c.oid)) AS size FROM pg_class c
    WHERE c.relname = 'stories' OR c.relname LIKE 'stories_location%'  ORDER BY 1`);
  console.log(`sizes: ${sizes.map((s) => `${s.name} ${s.size}`).join(', ')}`);
}

// ---------------------------------------------------------------------------------------------------------
// Running (one query: bench/spatial-variant-queries.ts).

const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** CPU seconds (user + system) used so far by this database's backends. */
function backendCpuSeconds(): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres:') || !cmdline.includes(` ${DB_NAME} `)) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / CLK_TCK;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  rows: number;
  queries: number;
  errors: number;
  pgCpuMs: number;
  load: string;
}

/** CONNECTIONS loops, each running the next point as soon as its previous query returned, for `seconds`. */
async function load(pool: pg.Pool, v: Variant, points: Point[], seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let i = 0;
  let rows = 0;
  let errors = 0;
  const cpu0 = backendCpuSeconds();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const p = points[i++ % points.length]!;
        const t0 = performance.now();
        try {
          const answer = await run(pool, v, p, SHAPE);
          rows += answer.rows.length; // after the await: `rows += await …` would add to a stale total
        } catch (error) {
          if (errors++ === 0) console.error(`${v.key}:`, error);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = backendCpuSeconds() - cpu0;
  latencies.sort((a, b) => a - b);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: latencies.length / elapsed,
    p50: pct(0.5),
    p99: pct(0.99),
    rows: rows / Math.max(1, latencies.length),
    queries: latencies.length,
    errors,
    pgCpuMs: (cpu * 1000) / Math.max(1, latencies.length),
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  await ensureDatabase();
  const database = await openDatabase({ databaseUrl: URL_, poolSize: 2 });
  await prepareData(database);
  const app = appStatement(database, CAP);
  // PostGIS's sphere (geography, use_spheroid false) has the WGS 84 mean radius; D uses the same so its radius
  // test agrees with A's to the nanometre (the same as common/constants.ts EARTH_RADIUS_M, every distance's radius).
  const [{ r } = { r: 0 }] = await database.query<{ r: number }>(
    sql`SELECT ST_Distance('POINT(0 0)'::geography, 'POINT(0 1)'::geography, false) / radians(1) AS r`,
  );
  await database.close();
  const all = buildVariants(app, r, CAP);
  const reference = all[0]!;
  const variants = all.filter((v) => args.variants.split(',').includes(v.key));

  const points = randomPoints(Number(args.points));
  const dense: Point = { latitude: CITY_CENTRE.latitude, longitude: CITY_CENTRE.longitude + 0.14 }; // cluster 0's centre
  const sparse = points[0]!; // bench/run.ts's EXPLAIN point
  const pool = new pg.Pool({ connectionString: URL_, max: POOL, idleTimeoutMillis: 600_000 });
  pool.on('error', () => {});

  console.log(
    `\nN = ${N}, radius ${RADIUS_M} m, cap ${CAP}, ${CONNECTIONS} connections, pool ${POOL}, ${DURATION_S} s per run, R = ${r} m`,
  );
  for (const v of variants) console.log(`\n-- ${v.key}: ${v.title}\n${v.text}`);

  console.log(`\n== EXPLAIN (ANALYZE, BUFFERS), generic plan; custom plan checked`);
  for (const [label, p] of [
    ['dense', dense],
    ['sparse', sparse],
  ] as const) {
    for (const v of variants) {
      await explain(pool, v, p, SHAPE); // once to warm the cache, then the measured one
      const plans = await explain(pool, v, p, SHAPE);
      console.log(`\n-- ${v.key} at the ${label} point ${p.latitude.toFixed(5)},${p.longitude.toFixed(5)}`);
      console.log(
        `generic: ${planCheck(plans.force_generic_plan, v.index)}; custom: ${planCheck(plans.force_custom_plan, v.index)}`,
      );
      console.log(compact(plans.force_generic_plan));
    }
  }

  console.log(`\n== correctness against A at the first ${CHECK} points`);
  for (const v of variants.filter((x) => x !== reference)) {
    const c = await compare(pool, reference, v, points.slice(0, CHECK), SHAPE);
    console.log(
      `${v.key}: identical ${c.identical}, same ids but other values ${c.sameIdsOtherValues}, same set other order ${c.sameSetOtherOrder}, ` +
        `other set ${c.otherSet} (${c.missing} of A's rows missing)`,
    );
    for (const line of c.details) console.log(line);
  }

  console.log(`\n== load (${WARMUP_S} s warm-up before each run)`);
  console.log('round variant          req/s   p50 ms   p99 ms   rows   PG CPU ms/query   queries errors   load avg');
  const results = new Map<string, Figures[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const v of variants) {
      await load(pool, v, points, WARMUP_S);
      const f = await load(pool, v, points, DURATION_S);
      results.set(v.key, [...(results.get(v.key) ?? []), f]);
      console.log(
        `${String(round).padStart(5)} ${v.key.padEnd(7)} ${f.rps.toFixed(0).padStart(14)} ${f.p50.toFixed(2).padStart(8)} ${f.p99.toFixed(2).padStart(8)} ` +
          `${f.rows.toFixed(1).padStart(6)} ${f.pgCpuMs.toFixed(3).padStart(17)} ${String(f.queries).padStart(9)} ${String(f.errors).padStart(6)}   ${f.load}`,
      );
    }
  }
  const base = results.get(reference.key);
  if (base) {
    const mean = (runs: Figures[], k: 'rps' | 'pgCpuMs') => runs.reduce((sum, f) => sum + f[k], 0) / runs.length;
    console.log('\nmean of rounds: variant, req/s (× A), PG CPU ms/query');
    for (const [key, runs] of results) {
      console.log(
        `${key}  ${mean(runs, 'rps').toFixed(0)} (${(mean(runs, 'rps') / mean(base, 'rps')).toFixed(2)}×)  ${mean(runs, 'pgCpuMs').toFixed(3)}`,
      );
    }
  }
  await pool.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
