/**
 * Prepared statements for the hot reads, below Drizzle: a Drizzle builder's SQL prepared once per database
 * (per pooled connection with node-postgres; PREPARE/EXECUTE on PGlite), rows as plain objects keyed like the
 * builder's selection. Drizzle's own prepared statements map every row through its entity checks, which cost
 * more than building the whole answer (bench/README.md).
 */
import pg from 'pg';
import { isUuid } from '#common/route-schemas';
import type { Database, Db } from './client';

interface SqlBuilder {
  toSQL(): { sql: string; params: unknown[] };
}

/** Prepares `builder` (whose every parameter is a named placeholder) under `name` on this database. */
export function prepareRows(database: Database, name: string, builder: SqlBuilder, keys: string[]): PreparedRows {
  return database.pglite
    ? pgliteStatement(database.pglite, name, builder, keys)
    : pgStatement(poolOf(database.db), name, builder, keys);
}

type NamedValues = Record<string, unknown>;
/** A prepared statement whose rows come back as plain objects keyed like the builder's selection. */
export interface PreparedRows {
  execute(values: NamedValues): Promise<Record<string, unknown>[]>;
}

/** The placeholder names of a builder's parameters, in order (every parameter must be one). */
function placeholderNames(name: string, params: unknown[]): string[] {
  const names = params.map((param) => (param as { name?: unknown }).name);
  if (!names.every((n): n is string => typeof n === 'string')) {
    throw new Error(`${name}: every parameter must be a placeholder`);
  }
  return names;
}

/** The node-postgres pool behind Drizzle's client (drizzle(pool) exposes it as `$client`). */
function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

/**
 * Drizzle reads timestamps as text and makes them Dates itself; the hot statement does the same (so every value
 * is what Drizzle's mapping would give) and leaves every other type to node-postgres's parsers.
 */
const ROW_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ
      ? (value: string) => new Date(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A named prepared statement run straight on the node-postgres pool, rows as arrays zipped with the selection's
 * keys: Drizzle's own row mapping (an entity check per column per row) cost more than building the whole answer.
 */
function pgStatement(pool: pg.Pool, name: string, builder: SqlBuilder, keys: string[]): PreparedRows {
  const { sql: text, params } = builder.toSQL();
  const names = placeholderNames(name, params);
  return {
    async execute(values: NamedValues) {
      const result = await pool.query<unknown[]>({
        name,
        text,
        values: names.map((n) => values[n]),
        rowMode: 'array',
        types: ROW_TYPES,
      });
      return result.rows.map((row) => zip(keys, row));
    },
  };
}

function zip(keys: string[], row: unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) record[keys[i]!] = row[i];
  return record;
}

/**
 * A server-side prepared statement on PGlite. Its `query()` re-plans every statement, and planning the spatial
 * query costs several times its execution (bench/README.md), so the hot query is PREPAREd once and EXECUTEd with
 * literal arguments: PostgreSQL then reuses the plan as it does for node-postgres's named statements. Values are
 * only finite numbers, null, uuids or arrays of uuids (checked here), so inlining them is safe. Rows come back as arrays in the
 * order of the builder's selection and are zipped with its keys; PGlite's own type parsers give the same JS
 * types (Date, number, boolean, string) as Drizzle's mapping for these columns.
 */
function pgliteStatement(
  lite: NonNullable<Database['pglite']>,
  name: string,
  builder: SqlBuilder,
  keys: string[],
): PreparedRows {
  const { sql: text, params } = builder.toSQL();
  const names = placeholderNames(name, params);
  let prepared: Promise<unknown> | undefined;
  return {
    async execute(values: NamedValues) {
      // A statement of this name is the same SQL (names are per builder): another repository on this database
      // may have prepared it already.
      prepared ??= lite.exec(`PREPARE ${name} AS ${text}`).catch((error: { code?: string }) => {
        if (error.code !== DUPLICATE_PREPARED_STATEMENT) throw error;
      });
      await prepared;
      const args = names.map((n) => sqlLiteral(values[n]));
      const result = await lite.query<unknown[]>(`EXECUTE ${name}(${args.join(', ')})`, [], { rowMode: 'array' });
      return result.rows.map((row) => zip(keys, row));
    },
  };
}

const DUPLICATE_PREPARED_STATEMENT = '42P05';

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && isUuid(value)) return `'${value}'`;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' && isUuid(v))) return `'{${value.join(',')}}'`;
  throw new Error('Unsupported prepared statement argument');
}
