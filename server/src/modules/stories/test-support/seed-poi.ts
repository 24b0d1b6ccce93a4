/**
 * Seeds `count` stories around points of interest straight through SQL (docs/decisions/009-story-index.md's second distribution): `pois`
 * points of interest at fixed positions in a square area, 70 % of the stories within about a kilometre of one
 * (a roughly normal spread, σ ≈ 550 m on each axis), 30 % uniform over the area. Same columns and mix as
 * seed-city.ts. The benchmark draws its reader positions from the same points of interest (poiCentres).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Point } from '#common/geo';

export interface PoiSeed {
  count: number;
  authorId: string;
  /** Centre of the area. */
  centre: Point;
  /** Half size of the square area in degrees (1: a 2°×2° area). */
  halfDegrees?: number;
  pois?: number;
  /** Rows per INSERT statement (big seeds go in batches to keep memory flat). */
  batch?: number;
}

/** Share of the stories (and of the benchmark's readers) around a point of interest; the rest are uniform. */
export const POI_SHARE = 0.7;
/** Spread of a story around its point of interest: the sum of three uniforms in ±1.5 × this, in degrees of latitude. */
export const POI_SPREAD_DEGREES = 0.01;

/**
 * The points of interest: a fixed function of their number (a small integer hash), spread over 90 % of the area
 * so that their stories stay inside it.
 */
export function poiCentres(centre: Point, count = 200, halfDegrees = 1) {
  const unit = (n: number) => {
    let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, (_, c) => ({
    latitude: centre.latitude + (unit(2 * c + 1) * 2 - 1) * halfDegrees * 0.9,
    longitude: centre.longitude + (unit(2 * c + 2) * 2 - 1) * halfDegrees * 0.9,
  }));
}

export async function seedPoi(database: Database, seed: PoiSeed): Promise<void> {
  const half = seed.halfDegrees ?? 1;
  const batch = seed.batch ?? 100_000;
  const centres = poiCentres(seed.centre, seed.pois ?? 200, half);
  const { latitude: lat0, longitude: lng0 } = seed.centre;
  // Plain numbers only, so the arrays are written into the SQL.
  const array = (values: number[]) => sql.raw(`(ARRAY[${values.map((v) => v.toFixed(7)).join(',')}]::float8[])`);
  const lats = array(centres.map((c) => c.latitude));
  const lngs = array(centres.map((c) => c.longitude));
  const poiTenths = Math.round(POI_SHARE * 10);
  for (let offset = 0; offset < seed.count; offset += batch) {
    const n = Math.min(batch, seed.count - offset);
    // g % 10 < 7 puts a story near point of interest (g / 10) % pois (every one gets an equal share); the offset
    // is a sum of three uniforms (≈ normal), scaled by 1 / cos(latitude) in longitude so the spread is round.
    await database.query(sql`
      INSERT INTO stories (title, description, content, category, type, latitude, longitude, author_id,
                           word_count, duration, audio_key, is_public, time_restriction, created_at)
      SELECT 'Whisper ' || g,
             'A seeded story',
             CASE WHEN g % 5 <> 0 THEN 'Seeded words for story ' || g END,
             (ARRAY['Mystery','Adventure','History','Fantasy','Personal','Romance','Horror','Nature','Science Fiction'])[1 + g % 9],
             (CASE WHEN g % 5 = 0 THEN 'audio' ELSE 'text' END)::story_type,
             CASE WHEN g % 10 < ${sql.raw(String(poiTenths))}
               THEN ${lats}[1 + c] + (random() + random() + random() - 1.5) * ${POI_SPREAD_DEGREES}::float8
               ELSE ${lat0}::float8 + (random() * 2 - 1) * ${half}::float8 END,
             CASE WHEN g % 10 < ${sql.raw(String(poiTenths))}
               THEN ${lngs}[1 + c] + (random() + random() + random() - 1.5) * ${POI_SPREAD_DEGREES}::float8 / cos(radians(${lats}[1 + c]))
               ELSE ${lng0}::float8 + (random() * 2 - 1) * ${half}::float8 END,
             ${seed.authorId}::uuid,
             CASE WHEN g % 5 <> 0 THEN 4 END,
             CASE WHEN g % 5 = 0 THEN 30 + g % 90 END,
             CASE WHEN g % 5 = 0 THEN 'seed/' || g || '.webm' END,
             g % 50 <> 0,
             (CASE WHEN g % 20 = 0 THEN 'time_of_day' ELSE 'none' END)::time_restriction,
             now() - g * interval '1 second'
      FROM generate_series(${offset + 1}::int, ${offset + n}::int) AS g,
           LATERAL (SELECT (g / 10) % ${centres.length}::int AS c) AS poi
    `);
  }
  await database.query(sql`ANALYZE stories`);
}
