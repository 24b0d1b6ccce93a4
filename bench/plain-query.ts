/**
 * The two SQL statements `npm run bench` runs from Node:
 *
 * - the plain query (docs/decisions/009-story-index.md): what a competent developer would write by hand for the nearby read —
 *   `ST_DWithin` on the geography column, ordered by `<->`, limit 50 — as a named prepared statement on a
 *   node-postgres pool, rows parsed normally (objects). On PGlite: PREPARE once, EXECUTE with literals.
 * - the app's own nearby statement, built with `storyQueries.nearby` and `useBoxMethod` exactly as
 *   story-repository.ts does and run as db/prepared-statements.ts does (named, rowMode 'array', timestamps
 *   parsed to Date), so it always measures the current code.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { DISCOVERABLE_RESULT_CAP, DISCOVERY_RADIUS_M } from '#common/constants';
import type { Db } from '../server/src/db/client';
import { useBoxMethod, type NearbyMethod } from '../server/src/modules/stories/nearby-method';
import { storyQueries } from '../server/src/modules/stories/story-queries';
import type { Point } from './support';

/** The plain query, verbatim ($1 longitude, $2 latitude). bench/README.md quotes it. */
export const PLAIN_QUERY = `SELECT s.*, u.display_name,
       ST_Distance(s.location, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography) AS distance
FROM stories s
JOIN users u ON u.id = s.author_id
WHERE s.is_public AND s.hidden_at IS NULL
  AND ST_DWithin(s.location, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, 1500)
ORDER BY s.location <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography
LIMIT 50`;

/** The plain query on a node-postgres pool: a named prepared statement, rows as objects. */
export function plainOnPool(pool: pg.Pool) {
  return async (p: Point): Promise<number> =>
    (await pool.query({ name: 'bench_plain_nearby', text: PLAIN_QUERY, values: [p.longitude, p.latitude] })).rows
      .length;
}

/** The plain query on PGlite: PREPARE once, then EXECUTE with the point's numbers written in. */
export async function plainOnPglite(lite: PGlite) {
  await lite.exec(`PREPARE bench_plain_nearby(float8, float8) AS ${PLAIN_QUERY}`);
  return async (p: Point): Promise<number> =>
    (await lite.query(`EXECUTE bench_plain_nearby(${p.longitude}, ${p.latitude})`)).rows.length;
}

/** Timestamps parsed as the app's prepared statements do (text → Date); everything else by node-postgres. */
const ROW_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ
      ? (value: string) => new Date(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The app's nearby statement for one method, as story-repository.ts builds it (every parameter a placeholder). */
export function appNearbyStatement(db: Db, method: NearbyMethod, limit = DISCOVERABLE_RESULT_CAP) {
  const builder = storyQueries.nearby(db, {
    lat: sql.placeholder('lat'),
    lng: sql.placeholder('lng'),
    radius: sql.placeholder('radius'),
    limit,
    viewerId: sql.placeholder('viewerId'),
    method,
  });
  const { sql: text, params } = builder.toSQL();
  const names = params.map((param) => (param as { name: string }).name);
  return { name: `stories_nearby_${method}_${limit}`, text, names, builder };
}

/** The app's nearby statement on a pool: the method useBoxMethod picks for the place, named, rowMode 'array'. */
export function appStatementOnPool(db: Db, pool: pg.Pool) {
  const statements = { box: appNearbyStatement(db, 'box'), knn: appNearbyStatement(db, 'knn') };
  return async (p: Point, viewerId: string | null): Promise<number> => {
    const method = useBoxMethod(p.latitude, p.longitude, DISCOVERY_RADIUS_M, DISCOVERABLE_RESULT_CAP) ? 'box' : 'knn';
    const statement = statements[method];
    const values: Record<string, unknown> = { lat: p.latitude, lng: p.longitude, radius: DISCOVERY_RADIUS_M, viewerId };
    const result = await pool.query<unknown[]>({
      name: statement.name,
      text: statement.text,
      values: statement.names.map((n) => values[n]),
      rowMode: 'array',
      types: ROW_TYPES,
    });
    return result.rows.length;
  };
}
