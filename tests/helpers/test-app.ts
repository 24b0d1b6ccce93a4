/**
 * Builds the real Fastify app for an API test file against a fresh copy of the migrated template database
 * (PGlite by default, PostgreSQL + PostGIS when TEST_DATABASE_URL is set).
 *
 *   const t = useTestApp();            // in a describe: built before its tests, closed after them
 *   it('…', async () => t.current.app.inject(…));
 *
 * `createTestApp()` is the same without the hooks (for a test that builds its own app); `close()` may be
 * called more than once.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../../server/src/app';
import { loadConfig, type Config, type Env } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/client';
import { withDatabase } from '../setup/global-db';
import { dropRedisPrefix, uniqueRedisPrefix } from './redis';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

let copyCounter = 0;
/** The URL of each PostgreSQL test database, so a second app instance can open its own pool on it. */
const postgresUrls = new WeakMap<Database, string>();

/**
 * The same database for a second app instance: its own pool on PostgreSQL (as two processes would have), the
 * very same PGlite object otherwise (PGlite is one in-process database). Close it only when it is a new pool.
 */
export async function sameDatabaseAgain(database: Database): Promise<{ database: Database; owned: boolean }> {
  const url = postgresUrls.get(database);
  if (!url) return { database, owned: false };
  return { database: await openDatabase({ databaseUrl: url, migrate: false, poolSize: 5 }), owned: true };
}

/** A fresh migrated database for this file. */
export async function openTestDatabase(): Promise<Database> {
  const postgresTemplate = inject('postgresTemplate');
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (postgresTemplate && testDatabaseUrl) {
    const name = `${postgresTemplate.replace('tpl', 't')}_${process.pid}_${++copyCounter}_${Date.now() % 100000}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
    } finally {
      await admin.end();
    }
    const url = withDatabase(testDatabaseUrl, name);
    const database = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 20 });
    postgresUrls.set(database, url);
    return database;
  }
  const template = await fs.readFile(inject('pgliteTemplatePath'));
  return openDatabase({ pgliteTemplate: new Blob([template], { type: 'application/x-gzip' }), migrate: false });
}

/** `deps` may pass e.g. `location: { now }`, a clock for the reader-claim rules. */
export async function createTestApp(
  env: Partial<Env> = {},
  deps: Omit<AppDependencies, 'database'> = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-test-'));
  // TEST_REDIS_URL (CI's second pass): shared state and request limits in Redis, under a prefix of this app's own.
  const redisPrefix = process.env.TEST_REDIS_URL ? uniqueRedisPrefix('app') : undefined;
  const redisEnv = redisPrefix ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: redisPrefix } : {};
  // On PostgreSQL, tests write rows behind the app's back (straight SQL on another connection) and read at once:
  // each read waits for the story index to catch up. PGlite hands notifications over before a write returns.
  const storyIndexEnv = process.env.TEST_DATABASE_URL ? { STORY_INDEX: 'every-read' } : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...redisEnv,
    ...storyIndexEnv,
    ...stringify(env),
  });
  const database = await openTestDatabase();
  const app = await buildApp(config, { ...deps, database });
  await app.ready();
  let closing: Promise<void> | undefined;
  return {
    app,
    database,
    config,
    dataDir,
    close() {
      closing ??= (async () => {
        await app.close();
        await database.close();
        await fs.rm(dataDir, { recursive: true, force: true });
        if (redisPrefix) await dropRedisPrefix(redisPrefix);
      })();
      return closing;
    },
  };
}

/** Registers the app's build (beforeAll) and teardown (afterAll) in the calling describe block. */
export function useTestApp(
  env: Partial<Env> = {},
  deps: Omit<AppDependencies, 'database'> = {},
): { readonly current: TestApp } {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(env, deps);
  });
  afterAll(async () => built?.close());
  return {
    get current() {
      if (!built) throw new Error('useTestApp: the app is built in beforeAll; use it inside a test');
      return built;
    },
  };
}

function stringify(env: Partial<Env>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
}
