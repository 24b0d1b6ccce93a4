/**
 * Generic, schema-driven table copying for the operations scripts (db:move, backup, restore): every table of
 * the `public` schema, in foreign-key order, every stored (non-generated) column through its text form — which
 * PostgreSQL defines for every type and reads back losslessly (PostGIS geometry as hex EWKB, timestamps with
 * microseconds, jsonb, arrays…). Works the same on PGlite and PostgreSQL, so a new table or column needs no
 * change here. Checksums are computed by the database on both sides over the same text forms.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** PostGIS's own table of coordinate systems: created by the extension, never copied. */
const EXTENSION_TABLES = new Set(['spatial_ref_sys']);

export interface TableInfo {
  name: string;
  /** Stored columns in table order, with their SQL type (`geography(Point,4326)`, `timestamp with time zone`…). */
  columns: { name: string; type: string }[];
  primaryKey: string[];
}

export interface TableSummary {
  rows: number;
  checksum: string;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Text forms must not depend on session settings: the same row gives the same text everywhere. Session settings
 * hold per connection, so the scripts open PostgreSQL with a pool of one.
 */
export async function normaliseSession(database: Database): Promise<void> {
  await database.query(sql`SET TimeZone = 'UTC'`);
  await database.query(sql`SET DateStyle = 'ISO, MDY'`);
  await database.query(sql`SET extra_float_digits = 1`);
}

/** The tables of `public`, parents before the tables whose foreign keys point at them. */
export async function listTables(database: Database): Promise<TableInfo[]> {
  const tables = await database.query<{ name: string }>(sql`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`);
  const names = tables.map((t) => t.name).filter((name) => !EXTENSION_TABLES.has(name));

  const columns = await database.query<{ table: string; name: string; type: string }>(sql`
    SELECT c.relname AS "table", a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    ORDER BY c.relname, a.attnum`);
  const keys = await database.query<{ table: string; name: string }>(sql`
    SELECT c.relname AS "table", a.attname AS name
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
    WHERE n.nspname = 'public' AND i.indisprimary ORDER BY c.relname, k.position`);
  const references = await database.query<{ child: string; parent: string }>(sql`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint f JOIN pg_class child ON child.oid = f.conrelid JOIN pg_class parent ON parent.oid = f.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE f.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`);

  // Depth-first topological order (parents first); a cycle would be a schema problem worth failing on.
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`Foreign keys form a cycle through ${name}`);
    state.set(name, 'visiting');
    for (const ref of references) if (ref.child === name && names.includes(ref.parent)) visit(ref.parent);
    state.set(name, 'done');
    ordered.push(name);
  };
  names.forEach(visit);

  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map(({ name: column, type }) => ({ name: column, type })),
    primaryKey: keys.filter((k) => k.table === name).map((k) => k.name),
  }));
}

/** Whether `public` holds any table of ours (PostGIS's own does not count). */
export async function hasUserTables(database: Database): Promise<boolean> {
  return (await listTables(database)).length > 0;
}

/** Rows as arrays of text (null stays null), in primary-key order, a page at a time. */
export async function* readRows(
  database: Database,
  table: TableInfo,
  pageSize = 1000,
): AsyncGenerator<(string | null)[][]> {
  const select = table.columns.map((c, i) => `${ident(c.name)}::text AS c${i}`).join(', ');
  const order = (table.primaryKey.length > 0 ? table.primaryKey : table.columns.map((c) => c.name))
    .map(ident)
    .join(', ');
  for (let offset = 0; ; offset += pageSize) {
    const rows = await database.query<Record<string, string | null>>(
      sql.raw(`SELECT ${select} FROM ${ident(table.name)} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`),
    );
    if (rows.length === 0) return;
    yield rows.map((row) => table.columns.map((_, i) => row[`c${i}`] ?? null));
    if (rows.length < pageSize) return;
  }
}

/** Inserts text rows, each value cast back to its column's type. */
export async function insertRows(database: Database, table: TableInfo, rows: (string | null)[][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = table.columns.map((c) => ident(c.name)).join(', ');
  // PostgreSQL takes at most 65 535 parameters per statement.
  const perStatement = Math.max(1, Math.floor(60_000 / table.columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    const values = sql.join(
      batch.map(
        (row) =>
          sql`(${sql.join(
            row.map((value, i) => sql`${value}::${sql.raw(table.columns[i]!.type)}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    await database.query(sql`INSERT INTO ${sql.raw(ident(table.name))} (${sql.raw(columns)}) VALUES ${values}`);
  }
}

/** Row count and an order-independent checksum of every stored column's text form. */
export async function summarise(database: Database, table: TableInfo): Promise<TableSummary> {
  const row = `ROW(${table.columns.map((c) => `${ident(c.name)}::text`).join(', ')})::text`;
  const [result] = await database.query<{ rows: string | number; checksum: string }>(
    sql.raw(`SELECT count(*) AS rows, md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS checksum
             FROM (SELECT md5(${row}) AS h FROM ${ident(table.name)}) hashed`),
  );
  return { rows: Number(result!.rows), checksum: result!.checksum };
}

/** After copying ids in, serial/identity sequences must continue above the highest one. */
export async function resetSequences(database: Database, table: TableInfo): Promise<void> {
  for (const column of table.columns) {
    const [found] = await database.query<{ sequence: string | null }>(
      sql`SELECT pg_get_serial_sequence(${ident(table.name)}, ${column.name}) AS sequence`,
    );
    if (!found?.sequence) continue;
    await database.query(
      sql.raw(`SELECT setval('${found.sequence.replace(/'/g, "''")}',
        coalesce((SELECT max(${ident(column.name)}) FROM ${ident(table.name)}), 0) + 1, false)`),
    );
  }
}

export interface CopyReport {
  table: string;
  rows: number;
  checksum: string;
}

/**
 * Copies every table of `from` into the empty, migrated `to` in one transaction-free pass, then compares
 * counts and checksums table by table; throws listing every table that differs.
 */
export async function copyAllTables(
  from: Database,
  to: Database,
  log: (line: string) => void = () => {},
): Promise<CopyReport[]> {
  await normaliseSession(from);
  await normaliseSession(to);
  const sourceTables = await listTables(from);
  const targetTables = new Map((await listTables(to)).map((t) => [t.name, t]));
  for (const table of sourceTables) {
    const target = targetTables.get(table.name);
    const missing = table.columns.filter((c) => !target?.columns.some((t) => t.name === c.name));
    if (!target || missing.length > 0) {
      throw new Error(
        `The target has no ${target ? `columns ${missing.map((c) => c.name).join(', ')} in` : 'table'} ${table.name}: are both at the same migration?`,
      );
    }
    if ((await summarise(to, table)).rows > 0) throw new Error(`The target table ${table.name} is not empty`);
  }
  for (const table of sourceTables) {
    let copied = 0;
    for await (const page of readRows(from, table)) {
      await insertRows(to, table, page);
      copied += page.length;
    }
    await resetSequences(to, table);
    log(`copied ${table.name}: ${copied} rows`);
  }
  return verifyTables(from, to, sourceTables, log);
}

async function verifyTables(
  from: Database,
  to: Database,
  tables: TableInfo[],
  log: (line: string) => void = () => {},
): Promise<CopyReport[]> {
  const reports: CopyReport[] = [];
  const problems: string[] = [];
  for (const table of tables) {
    const [source, target] = [await summarise(from, table), await summarise(to, table)];
    if (source.rows !== target.rows || source.checksum !== target.checksum) {
      problems.push(
        `${table.name}: ${source.rows} rows (${source.checksum}) became ${target.rows} rows (${target.checksum})`,
      );
    }
    reports.push({ table: table.name, ...target });
    log(`verified ${table.name}: ${target.rows} rows, checksum ${target.checksum}`);
  }
  if (problems.length > 0) throw new Error(`Copy verification failed:\n  ${problems.join('\n  ')}`);
  return reports;
}
