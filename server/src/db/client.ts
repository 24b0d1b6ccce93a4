/**
 * Opens the database: node-postgres against a real PostgreSQL when a URL is given, otherwise embedded PGlite
 * with PostGIS persisted under DATA_DIR. Both run the same drizzle-kit migrations at open.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { retryReadsOnLostConnection } from './lost-connection';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** What repositories query through: Drizzle, and raw SQL returning rows (for what the builder does not express). */
interface Queryable {
  db: Db;
  query<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
}

export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * LISTEN on a channel (PostgreSQL NOTIFY): `handler` gets each payload, from this process or any other on the
   * same database. Resolves to a function that stops listening. node-postgres holds one dedicated connection
   * for it (a pooled one would be handed to other queries) and re-listens after the connection drops.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Connections of the pool (PostgreSQL only): for /api/metrics. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** The PGlite instance when embedded (tests dump it as a template). */
  pglite?: PGlite;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Directory for PGlite's files; omitted means in memory. */
  pgliteDir?: string;
  /** A PGlite data dir dump (from `dumpDataDir`) to start from: a migrated template in tests. */
  pgliteTemplate?: Blob | File;
  poolSize?: number;
  migrate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options) : await openPglite(options);
  if (options.migrate !== false) {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    } else {
      await withMigrationLock(options.databaseUrl!, () =>
        migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR }),
      );
    }
  }
  return database;
}

/**
 * Several instances (or cluster workers) starting at once would all run the same migrations; a session
 * advisory lock on a connection of its own lets one migrate while the others wait, then find nothing to do.
 */
async function withMigrationLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const lockClient = new pg.Client({ connectionString: databaseUrl });
  await lockClient.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lockClient.end().catch(() => {});
  }
}

/** An arbitrary 64-bit key naming "Whispers migrations" among advisory locks. */
const MIGRATION_LOCK_KEY = '7268011522011916';

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  if (options.pgliteDir) await fs.mkdir(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    extensions: { postgis },
    loadDataDir: options.pgliteTemplate,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    query: (query) => rowsOf(db, query),
    transaction: (work) => inTransaction(db, work),
    async ping() {
      await client.query('SELECT 1');
    },
    async listen(channel, handler) {
      return client.listen(channel, handler);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(options: OpenDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  retryReadsOnLostConnection(pool);
  const listeners = new Set<() => Promise<void>>();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    query: (query) => rowsOf(db, query),
    transaction: (work) => inTransaction(db, work),
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    listen: (channel, handler) => listenPostgres(options.databaseUrl!, channel, handler, listeners),
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: options.poolSize ?? 10 };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** Both drivers answer raw SQL with `{ rows }`; Drizzle types the result per driver, so it is read here once. */
async function rowsOf<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

function inTransaction<T>(db: Db, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work({ db: tx, query: (query) => rowsOf(tx, query) }));
}

const RELISTEN_DELAY_MS = 1_000;

/** A dedicated node-postgres connection LISTENing on `channel`, reconnected after a drop until stopped. */
async function listenPostgres(
  connectionString: string,
  channel: string,
  handler: (payload: string) => void,
  registry: Set<() => Promise<void>>,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async () => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    // A dropped connection is replaced; notifications sent meanwhile are lost (the SSE replay covers them).
    next.on('error', () => {
      void next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${quoted}`);
    client = next;
  };
  const scheduleReconnect = () => {
    if (stopped || retry) return;
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(scheduleReconnect);
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  await connect();
  const stop = async () => {
    stopped = true;
    registry.delete(stop);
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
  registry.add(stop);
  return stop;
}
