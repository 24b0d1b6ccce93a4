/**
 * Vitest global setup for API tests: builds ONE migrated database template per run, so each test file starts
 * from a fresh copy in a fraction of the time a new database + `CREATE EXTENSION postgis` costs.
 * - PGlite (default): a migrated in-memory PGlite dumped to a tarball that test files load.
 * - PostgreSQL (TEST_DATABASE_URL set): a migrated template database; each file clones it with CREATE DATABASE … TEMPLATE.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    const templateName = `whispers_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    const database = await openDatabase({ databaseUrl: withDatabase(testDatabaseUrl, templateName) });
    await database.close();
    project.provide('postgresTemplate', templateName);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      // Drop the template and every per-file copy made from it.
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `${templateName.replace('tpl', 't')}%`,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openDatabase({});
  const dump = await database.pglite!.dumpDataDir('gzip');
  await database.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-tpl-'));
  const templatePath = path.join(dir, 'template.tar.gz');
  await fs.writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  project.provide('postgresTemplate', '');
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
