/**
 * Story reads in SQL. Every spatial query goes through the GiST index on `stories.location` (geography): the
 * nearby reads walk it nearest first (`ORDER BY location <-> point LIMIT n`, a KNN scan that stops after n rows
 * however many stories exist or how dense the area is) and keep those within the radius; the map viewport
 * searches it with `ST_DWithin` around the box (bench/README.md has the plans and figures). The hot statement
 * is prepared once per database: with node-postgres each pooled connection parses and plans it once; on PGlite
 * it is PREPAREd and EXECUTEd (see pgliteStatement).
 *
 * Visibility (DESIGN.md decisions 7-8): public stories not hidden by reports, plus every story of the viewer.
 */
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { EARTH_RADIUS_M, UNLOCK_RADIUS_M } from '#common/constants';
import { haversineMetres, type LatLng } from '#common/geo';
import type { Database, Db } from '../../db/client';
import { stories, users } from '../../db/schema';
import type { StoryRow } from './story-view';

export interface StoryRecord extends StoryRow {
  authorDisplayName: string | null;
  likedByMe: boolean;
}

export interface PageCursor {
  createdAt: string;
  id: string;
}

export interface StoryPage {
  records: StoryRecord[];
  /** Where the next page starts, or null on the last page. */
  next: PageCursor | null;
}

export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

// Reads never need the generated geography column itself.
const { location: _location, ...storyColumns } = getTableColumns(stories);

/** A bound value, or a placeholder filled when a prepared statement executes. */
type Param<T> = T | ReturnType<typeof sql.placeholder>;
/** `viewer` is a user id, or null for a visitor. */
type ViewerParam = Param<string | null>;

const pointSql = (latitude: Param<number>, longitude: Param<number>) =>
  sql`ST_SetSRID(ST_MakePoint(${longitude}::float8, ${latitude}::float8), 4326)::geography`;

const visibleToViewer = (viewer: ViewerParam) =>
  sql`((${stories.isPublic} AND ${stories.hiddenAt} IS NULL) OR ${stories.authorId} = ${viewer}::uuid)`;

const selection = (viewer: ViewerParam) => ({
  ...storyColumns,
  authorDisplayName: users.displayName,
  likedByMe: sql<boolean>`EXISTS (SELECT 1 FROM likes WHERE likes.user_id = ${viewer}::uuid AND likes.story_id = ${stories.id})`,
});

/**
 * The nearby statement's point and viewer, each as a one-row subquery. PostgreSQL evaluates such a subquery once
 * per execution (an InitPlan), where the bare expression with parameters would be rebuilt for every row it is
 * used on in a generic plan. It also keeps the viewer out of the planner's reach, so the custom plan (a visitor's
 * NULL folded away) costs the same as the generic one and a prepared statement switches to the generic plan
 * after five runs instead of being planned again on every call (bench/README.md).
 */
const pointOnce = (latitude: Param<number>, longitude: Param<number>) => sql`(SELECT ${pointSql(latitude, longitude)})`;
const viewerOnce = (viewer: ViewerParam) => sql`(SELECT ${viewer}::uuid)`;

/** The answer cap, written into the SQL: with a parameter the generic plan assumes a tenth of the table. */
function literalLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error('nearby: limit must be a positive whole number');
  return sql.raw(String(limit)) as unknown as number;
}

const visibleOnce = (viewer: ViewerParam) =>
  sql`(${stories.isPublic} AND ${stories.hiddenAt} IS NULL) OR ${stories.authorId} = ${viewerOnce(viewer)}`;

interface NearestParams {
  lat: Param<number>;
  lng: Param<number>;
  radius: Param<number>;
  limit: number;
  viewerId: ViewerParam;
}

/**
 * Method "knn": story columns plus the distance to the reader, the `limit` nearest visible stories by a pure KNN
 * walk of the geography GiST index, which stops after `limit` rows however dense the area is. Writing the radius
 * as an index condition instead lets the planner pick a bitmap scan of every story in the radius plus a sort
 * (12,000 rows and 70 ms at a dense point of 1M stories, bench/README.md).
 */
function nearestByKnn(db: Db, p: NearestParams) {
  return (
    db
      .select({
        ...storyColumns,
        // Sphere distance (use_spheroid false), as common/geo.ts measures.
        distance: sql<number>`ST_Distance(${stories.location}, ${pointOnce(p.lat, p.lng)}, false)`.as('distance'),
        knn: sql<number>`${stories.location} <-> ${pointOnce(p.lat, p.lng)}`.as('knn'),
      })
      .from(stories)
      .where(visibleOnce(p.viewerId))
      // By the output column: the index's KNN order, and the outer query's order without a second sort key.
      .orderBy(sql`"knn"`)
      .limit(literalLimit(p.limit))
      .as('nearest')
  );
}

/** PostGIS's sphere (ST_DistanceSphere and geography with use_spheroid false), for the box's size in degrees. */
const POSTGIS_SPHERE_RADIUS_M = 6_371_008.7714;

/**
 * Method "box", the same rows as "knn" at a third less database CPU for small caps (bench/spatial-variants.ts,
 * variant E). Two steps on the plain lon/lat geometry column:
 * 1. reach: a planar KNN walk of its GiST index (cheap: no trigonometry) takes `limit` visible stories and the
 *    sphere distance of the farthest of them. Planar degrees are not the sphere's order, but any `limit` visible
 *    stories bound the distance of the true `limit`-th nearest, so the reach (at most the radius) is safe;
 * 2. the smallest lon/lat box around the circle of that reach — ±ρ in latitude, ±asin(sin ρ / cos φ) in
 *    longitude, ρ = reach / R — found with the index, sorted by sphere distance, the first `limit` kept.
 * The box holds about `limit` / cos φ stories, not the whole radius. It does not wrap at ±180° and grows to a
 * full turn of longitude near the poles: `useBoxMethod` sends such places to "knn".
 */
function nearestInReachBox(db: Db, p: NearestParams) {
  const point = sql`(SELECT ST_SetSRID(ST_MakePoint(${p.lng}::float8, ${p.lat}::float8), 4326))`;
  const limit = literalLimit(p.limit);
  const R = sql.raw(String(POSTGIS_SPHERE_RADIUS_M));
  const reach = sql`least(${p.radius}::float8, coalesce((
    SELECT max(ST_DistanceSphere(walk.location_geom, ${point}))
    FROM (SELECT ${stories.locationGeom} FROM ${stories} WHERE ${visibleOnce(p.viewerId)}
          ORDER BY ${stories.locationGeom} <-> ${point} LIMIT ${limit}) walk), ${p.radius}::float8))`;
  // OFFSET 0 keeps the reach a subquery evaluated once, where inlined it would be walked three times.
  const box = sql`(SELECT ST_Expand(ST_SetSRID(ST_MakePoint(${p.lng}::float8, ${p.lat}::float8), 4326),
    CASE WHEN sin(r / ${R}) < cos(radians(${p.lat}::float8))
         THEN degrees(asin(sin(r / ${R}) / cos(radians(${p.lat}::float8)))) + 1e-9 ELSE 360 END,
    degrees(r / ${R}) + 1e-9) FROM (SELECT ${reach} AS r OFFSET 0) reach)`;
  return db
    .select({
      ...storyColumns,
      distance: sql<number>`ST_DistanceSphere(${stories.locationGeom}, ${point})`.as('distance'),
    })
    .from(stories)
    .where(sql`${stories.locationGeom} && ${box} AND (${visibleOnce(p.viewerId)})`)
    .orderBy(sql`"distance"`)
    .limit(limit)
    .as('nearest');
}

export type NearbyMethod = 'knn' | 'box';
/** Up to this cap the box method wins; at the map's 1,000 its box reads the heap twice and loses to "knn". */
const BOX_METHOD_MAX_LIMIT = 200;

/**
 * Whether the box method answers this read exactly: a small cap, and the radius's box neither crosses the
 * antimeridian nor holds a pole (the reach is never more than the radius, so its box is inside this one).
 */
export function useBoxMethod(latitude: number, longitude: number, radius: number, limit: number): boolean {
  if (limit > BOX_METHOD_MAX_LIMIT) return false;
  const rho = radius / POSTGIS_SPHERE_RADIUS_M;
  const cosLat = Math.cos((latitude * Math.PI) / 180);
  if (Math.sin(rho) >= cosLat * 0.999) return false;
  const halfWidth = (Math.asin(Math.sin(rho) / cosLat) * 180) / Math.PI + 1e-6;
  return longitude - halfWidth > -180 && longitude + halfWidth < 180;
}

/**
 * The nearby selection over the nearest rows. Content and media keys can only be sent for stories within unlock
 * reach (or the viewer's own), so the database does not ship the text of every story in the radius just to have
 * it withheld. The metre of slack covers the tiny difference between PostGIS's sphere and ours; the lock itself
 * is decided in story-view.ts.
 */
function nearbySelection(nearest: ReturnType<typeof nearestByKnn> | ReturnType<typeof nearestInReachBox>, viewerId: ViewerParam) {
  const viewer = viewerOnce(viewerId);
  const inReach = sql`(${nearest.authorId} = ${viewer} OR ${nearest.distance} <= ${sql.raw(String(UNLOCK_RADIUS_M + 1))})`;
  const ifInReach = (column: AnyPgColumn) => sql<string | null>`CASE WHEN ${inReach} THEN ${column} END`;
  const { distance: _distance, ...rest } = nearest._.selectedFields;
  const { knn: _knn, ...columns } = rest as typeof rest & { knn?: unknown };
  return {
    ...columns,
    content: ifInReach(nearest.content),
    audioKey: ifInReach(nearest.audioKey),
    imageKey: ifInReach(nearest.imageKey),
    thumbnailKey: ifInReach(nearest.thumbnailKey),
    videoKey: ifInReach(nearest.videoKey),
    tiktokUrl: ifInReach(nearest.tiktokUrl),
    tiktokVideoId: ifInReach(nearest.tiktokVideoId),
    authorDisplayName: users.displayName,
    likedByMe: sql<boolean>`EXISTS (SELECT 1 FROM likes WHERE likes.user_id = ${viewer} AND likes.story_id = ${nearest.id})`,
  };
}

/**
 * The SQL of each read, as Drizzle builders. The repository prepares or runs them; the EXPLAIN test
 * (story-plans.api.test.ts) runs the very same builders with sample values.
 */
export const storyQueries = {
  /**
   * Visible stories within `radius` metres of a point, nearest first, at most `limit`: the `limit` nearest
   * visible stories, of which those within the radius. Both methods give the same rows in the same order.
   */
  nearby(db: Db, p: NearestParams & { method: NearbyMethod }) {
    // The subquery's LIMIT also keeps the radius test out of it: it only trims those few rows.
    const nearest = p.method === 'box' ? nearestInReachBox(db, p) : nearestByKnn(db, p);
    return db
      .select(nearbySelection(nearest, p.viewerId))
      .from(nearest)
      .innerJoin(users, eq(users.id, nearest.authorId))
      .where(sql`${nearest.distance} <= ${p.radius}::float8`)
      .orderBy(sql`"nearest"."${sql.raw(p.method === 'box' ? 'distance' : 'knn')}"`);
  },

  /**
   * Visible stories inside a map viewport, nearest to `centre` first, at most `limit`. The index is searched
   * with the smallest circle around the box's centre that holds the whole box; the exact latitude/longitude
   * test then trims it to the box (a west greater than east crosses the antimeridian).
   */
  inBox(db: Db, p: { box: BoundingBox; centre: LatLng; limit: number; viewerId: string | null }) {
    const { box } = p;
    const cover = coveringCircle(box);
    const longitudeTest =
      box.west <= box.east
        ? sql`${stories.longitude} BETWEEN ${box.west} AND ${box.east}`
        : sql`(${stories.longitude} >= ${box.west} OR ${stories.longitude} <= ${box.east})`;
    return db
      .select(selection(p.viewerId))
      .from(stories)
      .innerJoin(users, eq(users.id, stories.authorId))
      .where(
        and(
          sql`ST_DWithin(${stories.location}, ${pointSql(cover.latitude, cover.longitude)}, ${cover.radius}::float8, false)`,
          sql`${stories.latitude} BETWEEN ${box.south} AND ${box.north}`,
          longitudeTest,
          visibleToViewer(p.viewerId),
        ),
      )
      .orderBy(sql`${stories.location} <-> ${pointSql(p.centre.latitude, p.centre.longitude)}`)
      .limit(p.limit);
  },

  byId(db: Db, p: { id: Param<string>; viewerId: ViewerParam }) {
    return db
      .select(selection(p.viewerId))
      .from(stories)
      .innerJoin(users, eq(users.id, stories.authorId))
      .where(and(eq(stories.id, p.id as string), visibleToViewer(p.viewerId)));
  },

  /**
   * Visible stories newest first (optionally one author's), keyset-paginated on (created_at, id) so a page
   * costs the same however deep it is and concurrent inserts never shift it. Fetches one row more than `limit`
   * to tell whether a next page exists.
   */
  page(db: Db, p: { limit: number; cursor: PageCursor | null; viewerId: string | null; authorId?: string }) {
    const conditions: SQL[] = [visibleToViewer(p.viewerId)];
    if (p.authorId) conditions.push(sql`${stories.authorId} = ${p.authorId}::uuid`);
    if (p.cursor) {
      conditions.push(
        sql`(${stories.createdAt}, ${stories.id}) < (${p.cursor.createdAt}::timestamptz, ${p.cursor.id}::uuid)`,
      );
    }
    return (
      db
        // created_at as text keeps PostgreSQL's microseconds, which a JS Date would round away.
        .select({ ...selection(p.viewerId), createdAtText: sql<string>`${stories.createdAt}::text` })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .where(and(...conditions))
        // NULLS LAST matches the indexes as drizzle-kit wrote them (the columns are NOT NULL anyway).
        .orderBy(sql`${stories.createdAt} DESC NULLS LAST`, sql`${stories.id} DESC NULLS LAST`)
        .limit(p.limit + 1)
    );
  },
};

export type StoryRepository = ReturnType<typeof createStoryRepository>;

export function createStoryRepository(database: Database) {
  const { db } = database;
  const placeholder = sql.placeholder;
  // The hot statements, prepared once (per pooled connection with node-postgres): one per answer cap, which is
  // written into the SQL (the discoverable and the map calls each use one).
  const nearbyStatements = new Map<string, PreparedRows>();
  const nearbyStatement = (method: NearbyMethod, limit: number) => {
    const name = `stories_nearby_${method}_${limit}`;
    let statement = nearbyStatements.get(name);
    if (!statement) {
      const builder = storyQueries.nearby(db, {
        lat: placeholder('lat'),
        lng: placeholder('lng'),
        radius: placeholder('radius'),
        limit,
        viewerId: placeholder('viewerId'),
        method,
      });
      const keys = Object.keys(builder._.selectedFields);
      statement = database.pglite
        ? pgliteStatement(database.pglite, name, builder, keys)
        : pgStatement(poolOf(db), name, builder, keys);
      nearbyStatements.set(name, statement);
    }
    return statement;
  };
  const byIdStatement = storyQueries
    .byId(db, { id: placeholder('id'), viewerId: placeholder('viewerId') })
    .prepare('stories_by_id');

  return {
    async nearby(args: { latitude: number; longitude: number; radius: number; limit: number; viewerId: string | null }) {
      const { latitude: lat, longitude: lng, radius, limit, viewerId } = args;
      const method = useBoxMethod(lat, lng, radius, limit) ? 'box' : 'knn';
      return (await nearbyStatement(method, limit).execute({ lat, lng, radius, viewerId })) as unknown as StoryRecord[];
    },

    async inBox(args: { box: BoundingBox; centre: LatLng; limit: number; viewerId: string | null }) {
      return (await storyQueries.inBox(db, args)) as StoryRecord[];
    },

    /** One visible story, or undefined. */
    async byId(id: string, viewerId: string | null) {
      const rows = (await byIdStatement.execute({ id, viewerId })) as StoryRecord[];
      return rows[0];
    },

    async page(args: { limit: number; cursor: PageCursor | null; viewerId: string | null; authorId?: string }) {
      const rows = await storyQueries.page(db, args);
      const hasMore = rows.length > args.limit;
      const pageRows = hasMore ? rows.slice(0, args.limit) : rows;
      const last = pageRows[pageRows.length - 1];
      return {
        records: pageRows as StoryRecord[],
        next: hasMore && last ? { createdAt: last.createdAtText, id: last.id } : null,
      } satisfies StoryPage;
    },
  };
}

const EARTH_HALF_CIRCUMFERENCE_M = Math.PI * EARTH_RADIUS_M;

/** Centre and radius (metres) of a circle holding the whole box; the whole Earth for very large boxes. */
export function coveringCircle(box: BoundingBox): { latitude: number; longitude: number; radius: number } {
  const span = box.west <= box.east ? box.east - box.west : box.east + 360 - box.west;
  let longitude = box.west + span / 2;
  if (longitude > 180) longitude -= 360;
  const latitude = (box.south + box.north) / 2;
  if (span >= 180 || box.north - box.south >= 90) {
    return { latitude, longitude, radius: EARTH_HALF_CIRCUMFERENCE_M };
  }
  // Within half a turn of longitude the farthest points of the box from its centre are its corners.
  const corners = [
    [box.south, box.west],
    [box.south, box.east],
    [box.north, box.west],
    [box.north, box.east],
  ] as const;
  const radius = Math.max(...corners.map(([lat, lng]) => haversineMetres({ latitude, longitude }, { latitude: lat, longitude: lng })));
  return { latitude, longitude, radius: radius + 1 };
}

type NamedValues = Record<string, unknown>;
/** A prepared statement whose rows come back as plain objects keyed like the builder's selection. */
interface PreparedRows {
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
function pgStatement(
  pool: pg.Pool,
  name: string,
  builder: { toSQL(): { sql: string; params: unknown[] } },
  keys: string[],
): PreparedRows {
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
 * only finite numbers, null or uuids (checked here), so inlining them is safe. Rows come back as arrays in the
 * order of the builder's selection and are zipped with its keys; PGlite's own type parsers give the same JS
 * types (Date, number, boolean, string) as Drizzle's mapping for these columns.
 */
function pgliteStatement(
  lite: NonNullable<Database['pglite']>,
  name: string,
  builder: { toSQL(): { sql: string; params: unknown[] } },
  keys: string[],
): PreparedRows {
  const { sql: text, params } = builder.toSQL();
  const names = placeholderNames(name, params);
  let prepared: Promise<unknown> | undefined;
  return {
    async execute(values: NamedValues) {
      prepared ??= lite.exec(`PREPARE ${name} AS ${text}`);
      await prepared;
      const args = names.map((n) => sqlLiteral(values[n]));
      const result = await lite.query<unknown[]>(`EXECUTE ${name}(${args.join(', ')})`, [], { rowMode: 'array' });
      return result.rows.map((row) => zip(keys, row));
    },
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && UUID_RE.test(value)) return `'${value}'`;
  throw new Error('Unsupported prepared statement argument');
}
