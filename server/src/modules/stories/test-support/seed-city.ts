/**
 * Seeds `count` stories spread like a real city straight through SQL: 60% in Gaussian-ish clusters around
 * points of interest, 40% uniform over a wide background box. Shared by the EXPLAIN test and the benchmark.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Point } from '#common/geo';

export interface CitySeed {
  count: number;
  authorId: string;
  /** Centre of the city; clusters fall within ~15 km of it. */
  centre: Point;
  /** Half size in degrees of the uniform background box around the centre. */
  backgroundHalfDegrees?: number;
  clusters?: number;
  /** Rows per INSERT statement (big seeds go in batches to keep memory flat). */
  batch?: number;
}

export async function seedCity(database: Database, seed: CitySeed): Promise<void> {
  const clusters = seed.clusters ?? 40;
  const half = seed.backgroundHalfDegrees ?? 2;
  const batch = seed.batch ?? 100_000;
  const { latitude: lat0, longitude: lng0 } = seed.centre;
  for (let offset = 0; offset < seed.count; offset += batch) {
    const n = Math.min(batch, seed.count - offset);
    // Cluster centres are a fixed function of their number (same city in every batch); every cluster gets an
    // equal share (g / 10 walks all of them, independently of the g % 10 that picks cluster vs background); a sum of three
    // uniforms approximates a normal spread of ~400 m around each. Mixed types and restrictions, mostly public.
    await database.query(sql`
      INSERT INTO stories (title, description, content, category, type, latitude, longitude, author_id,
                           word_count, duration, audio_key, is_public, time_restriction, created_at)
      SELECT 'Whisper ' || g,
             'A seeded story',
             CASE WHEN g % 5 <> 0 THEN 'Seeded words for story ' || g END,
             (ARRAY['Mystery','Adventure','History','Fantasy','Personal','Romance','Horror','Nature','Science Fiction'])[1 + g % 9],
             (CASE WHEN g % 5 = 0 THEN 'audio' ELSE 'text' END)::story_type,
             CASE WHEN g % 10 < 6
               THEN ${lat0}::float8 + 0.12 * sin(c * 12.9898) + (random() + random() + random() - 1.5) * 0.004
               ELSE ${lat0}::float8 + (random() * 2 - 1) * ${half}::float8 END,
             CASE WHEN g % 10 < 6
               THEN ${lng0}::float8 + 0.14 * cos(c * 78.233) + (random() + random() + random() - 1.5) * 0.0047
               ELSE ${lng0}::float8 + (random() * 2 - 1) * ${half}::float8 END,
             ${seed.authorId}::uuid,
             CASE WHEN g % 5 <> 0 THEN 4 END,
             CASE WHEN g % 5 = 0 THEN 30 + g % 90 END,
             CASE WHEN g % 5 = 0 THEN 'seed/' || g || '.webm' END,
             g % 50 <> 0,
             (CASE WHEN g % 20 = 0 THEN 'time_of_day' ELSE 'none' END)::time_restriction,
             now() - g * interval '1 second'
      FROM generate_series(${offset + 1}::int, ${offset + n}::int) AS g,
           LATERAL (SELECT (g / 10) % ${clusters}::int AS c) AS cl
    `);
  }
  await database.query(sql`ANALYZE stories`);
}
