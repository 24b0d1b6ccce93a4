/**
 * The two story distributions of `npm run bench` (docs/decisions/009-story-index.md) and the simulated readers that walk them.
 *
 * - city: seed-city.ts around Savannah — 60 % in 40 dense clusters (~400 m spread) within ~15 km of the centre,
 *   40 % uniform over 2°×2°;
 * - poi: seed-poi.ts around Turin — 200 points of interest in 2°×2°, 70 % of the stories within about a
 *   kilometre of one, 30 % uniform.
 *
 * A reader has a home drawn like the stories of its distribution and reads at positions within a few hundred
 * metres of it, so the location rules (claim-rules.ts: 2 km + 300 km/h) judge it as a walking reader.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/src/db/client';
import { seedCity } from '../server/src/modules/stories/test-support/seed-city';
import {
  POI_SHARE,
  POI_SPREAD_DEGREES,
  poiCentres,
  seedPoi,
} from '../server/src/modules/stories/test-support/seed-poi';
import { CITY_BACKGROUND_HALF_DEGREES, CITY_CENTRE, cityPoint, createBenchAuthor, prng, type Point } from './support';

export type DistributionKey = 'city' | 'poi';

export interface Distribution {
  key: DistributionKey;
  describe: string;
  /** Default PostgreSQL database of this distribution (overridable by environment). */
  databaseUrl: string;
  seed(database: Database, count: number, authorId: string, batch: number): Promise<void>;
  /** A place drawn like the stories. */
  place(random: () => number): Point;
}

export const POI_CENTRE: Point = { latitude: 45.07, longitude: 7.68 };
const POI_HALF_DEGREES = 1;
const POIS = poiCentres(POI_CENTRE, 200, POI_HALF_DEGREES);
/** Sum of three uniforms in ±1.5 × spread, as seed-poi.ts does in SQL. */
const threeUniforms = (random: () => number) => random() + random() + random() - 1.5;

export const DISTRIBUTIONS: Record<DistributionKey, Distribution> = {
  city: {
    key: 'city',
    describe: 'city (Savannah: 60 % in 40 dense clusters, 40 % uniform over 2°×2°)',
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/whispers_bench',
    seed: (database, count, authorId, batch) =>
      seedCity(database, {
        count,
        authorId,
        centre: CITY_CENTRE,
        backgroundHalfDegrees: CITY_BACKGROUND_HALF_DEGREES,
        batch,
      }),
    place: cityPoint,
  },
  poi: {
    key: 'poi',
    describe: 'poi (Turin: 200 points of interest in 2°×2°, 70 % within ~1 km of one, 30 % uniform)',
    databaseUrl: process.env.BENCH_POI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/whispers_bench_poi',
    seed: (database, count, authorId, batch) =>
      seedPoi(database, {
        count,
        authorId,
        centre: POI_CENTRE,
        halfDegrees: POI_HALF_DEGREES,
        pois: POIS.length,
        batch,
      }),
    place(random) {
      if (random() < POI_SHARE) {
        const poi = POIS[Math.floor(random() * POIS.length)]!;
        return {
          latitude: poi.latitude + threeUniforms(random) * POI_SPREAD_DEGREES,
          longitude:
            poi.longitude + (threeUniforms(random) * POI_SPREAD_DEGREES) / Math.cos((poi.latitude * Math.PI) / 180),
        };
      }
      return {
        latitude: POI_CENTRE.latitude + (random() * 2 - 1) * POI_HALF_DEGREES,
        longitude: POI_CENTRE.longitude + (random() * 2 - 1) * POI_HALF_DEGREES,
      };
    },
  },
};

/** Seeds `count` stories of the distribution unless the table already holds that many (or `reseed`). */
export async function seedIfNeeded(
  database: Database,
  dist: Distribution,
  count: number,
  reseed: boolean,
): Promise<void> {
  const [{ count: have } = { count: 0 }] = await database.query<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM stories`,
  );
  if (have === count && !reseed) {
    console.log(`  ${dist.key}: ${have} stories already seeded`);
    return;
  }
  console.log(`  ${dist.key}: seeding ${count} stories (the table held ${have})…`);
  const started = performance.now();
  await database.query(sql`TRUNCATE stories CASCADE`);
  const authorId = await createBenchAuthor(database);
  // Building the GiST indexes once after the load is several times faster than maintaining them row by row.
  await database.query(sql`DROP INDEX IF EXISTS stories_location_gist_idx`);
  await database.query(sql`DROP INDEX IF EXISTS stories_location_geom_gist_idx`);
  await dist.seed(database, count, authorId, database.kind === 'pglite' ? 20_000 : 200_000);
  await database.query(sql`CREATE INDEX stories_location_gist_idx ON stories USING gist (location)`);
  await database.query(sql`CREATE INDEX stories_location_geom_gist_idx ON stories USING gist (location_geom)`);
  await database.query(sql`ANALYZE stories`);
  console.log(`  ${dist.key}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export interface Reader {
  index: number;
  home: Point;
  /** Where it reads, in order: all within `WALK_RADIUS_M` of home. */
  positions: Point[];
  /** Its own client address (X-Forwarded-For; the app runs with TRUST_PROXY). */
  address: string;
}

/** How far from home a reader's positions lie (metres). */
export const WALK_RADIUS_M = 250;
export const POSITIONS_PER_READER = 10;

/**
 * `points` reader positions of the distribution, deterministic: points / POSITIONS_PER_READER readers, each with a
 * home drawn like the stories and POSITIONS_PER_READER positions within WALK_RADIUS_M of it (at most 500 m apart).
 */
export function makeReaders(dist: Distribution, points: number): Reader[] {
  const random = prng(dist.key === 'city' ? 42 : 4217);
  const count = Math.max(1, Math.round(points / POSITIONS_PER_READER));
  return Array.from({ length: count }, (_, index) => {
    const home = dist.place(random);
    const metresPerDegree = 111_195;
    const positions = Array.from({ length: POSITIONS_PER_READER }, () => {
      const r = WALK_RADIUS_M * Math.sqrt(random());
      const a = random() * 2 * Math.PI;
      return {
        latitude: home.latitude + (r * Math.sin(a)) / metresPerDegree,
        longitude: home.longitude + (r * Math.cos(a)) / (metresPerDegree * Math.cos((home.latitude * Math.PI) / 180)),
      };
    });
    return { index, home, positions, address: `10.${17 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}` };
  });
}

/**
 * Which reader and position connection `c` of `connections` uses for its k-th request: connection c serves the
 * readers c, c + connections, … in turn, each walking through its positions. The app load and the SQL loops use
 * the same schedule, so they read the same places in the same order.
 */
export function scheduleFor(readers: Reader[], connections: number, c: number) {
  const mine = readers.filter((r) => r.index % connections === c % connections);
  const own = mine.length ? mine : [readers[c % readers.length]!];
  return (k: number) => {
    const reader = own[k % own.length]!;
    return { reader, position: reader.positions[Math.floor(k / own.length) % reader.positions.length]! };
  };
}
