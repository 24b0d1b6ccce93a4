/**
 * Test helper: every row, in every table of the database, that refers to an id through a column of the given
 * names (found in information_schema, so a table added later is checked too). Used to prove a deletion left
 * nothing behind.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client';

/** `{ "likes.story_id": 2, … }` for each table and column still holding `id` (empty when none). */
export async function rowsReferencing(
  database: Database,
  columns: readonly string[],
  id: string,
): Promise<Record<string, number>> {
  const found = await database.query<{ table_name: string; column_name: string }>(sql`
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.data_type = 'uuid'
      AND c.column_name IN (${sql.join(
        columns.map((column) => sql`${column}`),
        sql`, `,
      )})`);
  const counts: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of found) {
    const [row] = await database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${id}::uuid`,
    );
    if (Number(row?.n ?? 0) > 0) counts[`${table}.${column}`] = Number(row!.n);
  }
  return counts;
}
