/** The database and media store the operations scripts work on, from the same settings as the app. */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createMediaStore, type MediaStore } from '../media/media-store';

export async function openOpsTargets(
  env: Record<string, string | undefined>,
  options: { migrate: boolean },
): Promise<{ database: Database; store: MediaStore; close(): Promise<void> }> {
  // Scripts always run as one process, whatever WEB_CONCURRENCY the app uses.
  const config = loadConfig({ ...env, WEB_CONCURRENCY: '1' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    // One connection: session settings (time zone for text forms) and the backup's snapshot hold on it.
    poolSize: 1,
    migrate: options.migrate,
  });
  return { database, store: createMediaStore(config), close: () => database.close() };
}
