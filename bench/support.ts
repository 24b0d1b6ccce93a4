/** What the benchmarks share: the seeded city, the reader positions they load, and database creation. */
import pg from 'pg';
import type { Point } from '#common/geo';
import type { Database } from '../server/src/db/client';
import { users } from '../server/src/db/schema';
import { loadConfig } from '../server/src/config';
import { createSession, sessionCookieName } from '../server/src/modules/auth/session-store';

/** The session cookie the app under load reads: bench/serve.ts runs the production configuration (`__Host-…`). */
const BENCH_SESSION_COOKIE = sessionCookieName(loadConfig({ NODE_ENV: 'production' }));

/** The one point type (common/geo.ts), re-exported for the benchmarks that import it from here. */
export type { Point };

/** The seeded city (Savannah) and the half size of its uniform background box, in degrees. */
export const CITY_CENTRE: Point = { latitude: 32.0835, longitude: -81.0998 };
export const CITY_BACKGROUND_HALF_DEGREES = 1;

/** Deterministic PRNG (mulberry32) so every run loads the same points. */
export function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** One place drawn like the city's stories: mostly in the busy clusters, some anywhere in the region. */
export function cityPoint(random: () => number): Point {
  if (random() < 0.6) {
    const c = Math.floor(random() * 40);
    return {
      latitude: CITY_CENTRE.latitude + 0.12 * Math.sin(c * 12.9898) + (random() - 0.5) * 0.01,
      longitude: CITY_CENTRE.longitude + 0.14 * Math.cos(c * 78.233) + (random() - 0.5) * 0.012,
    };
  }
  return {
    latitude: CITY_CENTRE.latitude + (random() * 2 - 1) * CITY_BACKGROUND_HALF_DEGREES,
    longitude: CITY_CENTRE.longitude + (random() * 2 - 1) * CITY_BACKGROUND_HALF_DEGREES,
  };
}

/** Reader positions drawn like the stories: mostly in the busy clusters, some anywhere in the region. */
export function randomPoints(count: number): Point[] {
  const random = prng(42);
  return Array.from({ length: count }, () => cityPoint(random));
}

/** Creates the database named in `url` on its server when it is missing. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

/** A fresh author for the seeded stories. */
export async function createBenchAuthor(database: Database): Promise<string> {
  const [author] = await database.db
    .insert(users)
    .values({
      username: `bench_${Date.now()}`,
      email: `bench${Date.now()}@example.test`,
      displayName: 'Bench Author',
      passwordHash: 'x',
    })
    .returning({ id: users.id });
  return author!.id;
}

/** `count` signed-in readers (fresh users with a session each); returns their Cookie header values. */
export async function createBenchReaders(database: Database, count: number): Promise<string[]> {
  return (await createBenchReaderAccounts(database, count)).map((reader) => reader.cookie);
}

/** `count` signed-in readers (fresh users with a session each): their ids and Cookie header values. */
export async function createBenchReaderAccounts(
  database: Database,
  count: number,
): Promise<{ id: string; cookie: string }[]> {
  const stamp = Date.now().toString(36);
  const readers: { id: string; cookie: string }[] = [];
  for (let i = 0; i < count; i++) {
    const [reader] = await database.db
      .insert(users)
      .values({
        username: `reader_${stamp}_${i}`,
        email: `reader_${stamp}_${i}@example.test`,
        displayName: `Bench Reader ${i}`,
        passwordHash: 'x',
        isSetupComplete: true,
      })
      .returning({ id: users.id });
    const { token } = await createSession(database.db, reader!.id);
    readers.push({ id: reader!.id, cookie: `${BENCH_SESSION_COOKIE}=${token}` });
  }
  return readers;
}
