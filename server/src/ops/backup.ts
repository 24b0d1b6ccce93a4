/**
 * Backups (docs/operations.md) of the database and the media, the same way for PGlite and PostgreSQL, local folder and
 * bucket: a folder holding `manifest.json` (format, time, per-table columns, row count and checksum),
 * `tables/<name>.jsonl` (one JSON array of text values per row) and `media/` (the story files). The tables
 * are read inside one REPEATABLE READ transaction, so the backup is one consistent moment even while the app
 * runs. Restore goes into an EMPTY database (any kind) and store, and verifies every table against the manifest.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { createLocalMediaStore, type MediaStore } from '../media/media-store';
import { copyMedia, type MediaCopyReport } from './media-copy';
import {
  insertRows,
  listTables,
  normaliseSession,
  readRows,
  resetSequences,
  summarise,
  type TableInfo,
  type TableSummary,
} from './table-copy';

const BACKUP_FORMAT = 'whispers-backup-1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  databaseKind: Database['kind'];
  tables: (TableInfo & TableSummary)[];
  media: MediaCopyReport;
}

export async function createBackup(options: {
  database: Database;
  store: MediaStore;
  outDir: string;
  log?: (line: string) => void;
}): Promise<BackupManifest> {
  const { database, outDir } = options;
  const log = options.log ?? (() => {});
  if (fs.existsSync(outDir) && (await fsp.readdir(outDir)).length > 0) throw new Error(`${outDir} is not empty`);
  await fsp.mkdir(path.join(outDir, 'tables'), { recursive: true });

  await normaliseSession(database);
  const tables: BackupManifest['tables'] = [];
  await database.query(sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`);
  try {
    for (const table of await listTables(database)) {
      const file = fs.createWriteStream(path.join(outDir, 'tables', `${table.name}.jsonl`));
      for await (const page of readRows(database, table)) {
        for (const row of page)
          if (!file.write(`${JSON.stringify(row)}\n`))
            await new Promise<void>((resolve) => file.once('drain', () => resolve()));
      }
      await new Promise<void>((resolve, reject) =>
        file.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      const summary = await summarise(database, table);
      tables.push({ ...table, ...summary });
      log(`table ${table.name}: ${summary.rows} rows`);
    }
  } finally {
    await database.query(sql`COMMIT`);
  }

  // Media after the tables: a file uploaded in between is at worst an orphan the sweep removes.
  const media = await copyMedia(options.store, createLocalMediaStore(path.join(outDir, 'media')));
  log(`media: ${media.copied} files, ${media.bytes} bytes`);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    databaseKind: database.kind,
    tables,
    media,
  };
  await fsp.writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${dir} is not a Whispers backup (no manifest.json)`);
  const manifest = JSON.parse(await fsp.readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${JSON.stringify(manifest.format)}`);
  return manifest;
}

/** Restores into an empty, migrated database and a media store; throws if any table does not verify. */
export async function restoreBackup(options: {
  database: Database;
  store: MediaStore;
  fromDir: string;
  log?: (line: string) => void;
}): Promise<BackupManifest> {
  const { database, fromDir } = options;
  const log = options.log ?? (() => {});
  const manifest = await readManifest(fromDir);
  await normaliseSession(database);
  const current = new Map((await listTables(database)).map((t) => [t.name, t]));
  for (const table of manifest.tables) {
    const target = current.get(table.name);
    const missing = table.columns.filter((c) => !target?.columns.some((t) => t.name === c.name));
    if (!target || missing.length > 0)
      throw new Error(
        `This database has no place for ${table.name} (${missing.map((c) => c.name).join(', ')}): is it older than the backup?`,
      );
    if ((await summarise(database, table)).rows > 0)
      throw new Error(`Restore needs an empty database: ${table.name} has rows`);
  }

  const problems: string[] = [];
  for (const table of manifest.tables) {
    const lines = readline.createInterface({
      input: fs.createReadStream(path.join(fromDir, 'tables', `${table.name}.jsonl`)),
    });
    let batch: (string | null)[][] = [];
    for await (const line of lines) {
      if (!line) continue;
      batch.push(JSON.parse(line) as (string | null)[]);
      if (batch.length >= 1000) {
        await insertRows(database, table, batch);
        batch = [];
      }
    }
    await insertRows(database, table, batch);
    await resetSequences(database, table);
    const summary = await summarise(database, table);
    if (summary.rows !== table.rows || summary.checksum !== table.checksum) {
      problems.push(
        `${table.name}: expected ${table.rows} rows (${table.checksum}), restored ${summary.rows} (${summary.checksum})`,
      );
    }
    log(`restored ${table.name}: ${summary.rows} rows`);
  }
  if (problems.length > 0) throw new Error(`Restore verification failed:\n  ${problems.join('\n  ')}`);

  const media = await copyMedia(createLocalMediaStore(path.join(fromDir, 'media')), options.store);
  log(`media: ${media.copied} files restored, ${media.skipped} already there`);
  return manifest;
}
