/**
 * Builds the real Fastify app for an API test file against a fresh copy of the migrated template database
 * (PGlite by default, PostgreSQL + PostGIS when TEST_DATABASE_URL is set). Call once per file (beforeAll)
 * and `close()` in afterAll.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../../server/src/app';
import { loadConfig, type Config, type Env } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/client';
import { withDatabase } from '../setup/global-db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

let copyCounter = 0;

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
    return openDatabase({ databaseUrl: withDatabase(testDatabaseUrl, name), migrate: false, poolSize: 20 });
  }
  const template = await fs.readFile(inject('pgliteTemplatePath'));
  return openDatabase({ pgliteTemplate: new Blob([template], { type: 'application/x-gzip' }), migrate: false });
}

/** `deps` may pass e.g. `location: { now }`, a clock for the reader-claim rules. */
export async function createTestApp(env: Partial<Env> = {}, deps: Omit<AppDependencies, 'database'> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...stringify(env) });
  const database = await openTestDatabase();
  const app = await buildApp(config, { ...deps, database });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

function stringify(env: Partial<Env>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
}
