/**
 * Off the embedded database (docs/operations.md): copies everything in a PGlite data directory into an EMPTY PostgreSQL
 * database — creating PostGIS and the schema through the normal migrations first — and verifies every table's
 * row count and checksum. The source is only read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { copyAllTables, hasUserTables, type CopyReport } from './table-copy';

export interface MoveDatabaseOptions {
  /** DATA_DIR of the embedded database (its files are in DATA_DIR/pgdata). */
  fromDataDir: string;
  toUrl: string;
  log?: (line: string) => void;
}

export async function moveDatabase(options: MoveDatabaseOptions): Promise<CopyReport[]> {
  const log = options.log ?? (() => {});
  const pgliteDir = path.join(path.resolve(options.fromDataDir), 'pgdata');
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new Error(`No embedded database in ${pgliteDir} (give the DATA_DIR the app used with --from)`);
  }
  if (!/^postgres(ql)?:\/\//.test(options.toUrl)) throw new Error('--to must be a postgres:// or postgresql:// URL');

  // Bring the source to the current schema first (what the app does at start), so both sides match.
  const from = await openDatabase({ pgliteDir });
  try {
    const probe = await openDatabase({ databaseUrl: options.toUrl, migrate: false, poolSize: 1 });
    try {
      if (await hasUserTables(probe)) {
        throw new Error('The target database is not empty: db:move only copies into a new, empty database');
      }
    } finally {
      await probe.close();
    }
    log('target is empty: creating PostGIS and the schema');
    const to = await openDatabase({ databaseUrl: options.toUrl, poolSize: 1 });
    try {
      return await copyAllTables(from, to, log);
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}
