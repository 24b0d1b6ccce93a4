/**
 * Set-up of bench/map-main-thread.ts: the seeded city around the reader, the count of stories in a box, and the
 * app in its own process (bench/serve.ts) with the local tile stub.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Point } from '#common/geo';
import type { Database } from '../server/src/db/client';
import { users } from '../server/src/db/schema';
import { seedCity } from '../server/src/modules/stories/test-support/seed-city';

export interface SeedOptions {
  reader: Point;
  halfDegrees: number;
  /** --keep-db: reuse a city already seeded with this count at `reuseScale`. */
  keep: boolean;
  reuseScale: number;
}

/** A fresh city of N stories around the reader (the author is a plain user, like bench/run.ts makes). */
export async function seed(database: Database, n: number, scale: number, options: SeedOptions) {
  const [{ count } = { count: 0 }] = await database.query<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM stories`,
  );
  if (options.keep && count === n && scale === options.reuseScale) return;
  await database.query(sql`TRUNCATE stories CASCADE`);
  const stamp = Date.now();
  const [author] = await database.db
    .insert(users)
    .values({
      username: `mapbench_${stamp}`,
      email: `mapbench${stamp}@example.test`,
      displayName: 'Map Bench',
      passwordHash: 'x',
    })
    .returning();
  await seedCity(database, {
    count: n,
    authorId: author!.id,
    centre: options.reader,
    backgroundHalfDegrees: options.halfDegrees,
  });
  await database.query(sql`
    UPDATE stories SET latitude = ${options.reader.latitude}::float8 + (latitude - ${options.reader.latitude}::float8) * ${scale}::float8,
                       longitude = ${options.reader.longitude}::float8 + (longitude - ${options.reader.longitude}::float8) * ${scale}::float8`);
  await database.query(sql`ANALYZE stories`);
}

/** Visible stories inside a box (what "in view" means for the reader; every 50th seeded story is private). */
export async function countInBox(database: Database, [west, south, east, north]: number[]) {
  const [row] = await database.query<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM stories
    WHERE is_public AND hidden_at IS NULL AND latitude BETWEEN ${south} AND ${north} AND longitude BETWEEN ${west} AND ${east}`);
  return row?.count ?? 0;
}

export async function startApp(
  tileUrl: string,
  dataDir: string,
  databaseUrl: string,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      DATA_DIR: dataDir,
      TILE_URL: `${tileUrl}/{z}/{x}/{y}.png`,
    },
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
  });
  return { child, baseUrl };
}
