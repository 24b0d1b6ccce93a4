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
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { EARTH_RADIUS_M, UNLOCK_RADIUS_M } from '../../../../common/constants';
import { haversineMetres, type LatLng } from '../../../../common/geo';
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

/** Unlock reach plus slack, in degrees of latitude (a degree of latitude is ≥ 110.5 km everywhere). */
const REACH_DEGREES = (UNLOCK_RADIUS_M + 2) / 110_500;

/**
 * Content and media keys can only be sent for stories within unlock reach (or the viewer's own), so the database
 * does not ship the text of every story in the radius just to have it withheld. The metre of slack covers the
 * tiny difference between PostGIS's sphere and ours; the lock itself is decided in story-view.ts.
 */
function nearbySelection(viewer: ViewerParam, point: SQL, latitude: Param<number>) {
  // A latitude band test first: plain arithmetic that spares most rows the spherical distance.
  const inReach = sql`(${stories.authorId} = ${viewer}::uuid OR (abs(${stories.latitude} - ${latitude}::float8) <= ${sql.raw(String(REACH_DEGREES))} AND ST_DWithin(${stories.location}, ${point}, ${sql.raw(String(UNLOCK_RADIUS_M + 1))}, false)))`;
  const ifInReach = (column: AnyPgColumn) => sql<string | null>`CASE WHEN ${inReach} THEN ${column} END`;
  return {
    ...selection(viewer),
    content: ifInReach(stories.content),
    audioKey: ifInReach(stories.audioKey),
    imageKey: ifInReach(stories.imageKey),
    thumbnailKey: ifInReach(stories.thumbnailKey),
    videoKey: ifInReach(stories.videoKey),
    tiktokUrl: ifInReach(stories.tiktokUrl),
    tiktokVideoId: ifInReach(stories.tiktokVideoId),
  };
}
const NEARBY_KEYS = Object.keys(nearbySelection(null, sql`NULL`, 0));

/**
 * The SQL of each read, as Drizzle builders. The repository prepares or runs them; the EXPLAIN test
 * (story-plans.api.test.ts) runs the very same builders with sample values.
 */
export const storyQueries = {
  /**
   * Visible stories within `radius` metres of a point, nearest first, at most `limit`: the `limit` nearest
   * visible stories, of which those within the radius.
   */
  nearby(
    db: Db,
    p: { lat: Param<number>; lng: Param<number>; radius: Param<number>; limit: Param<number>; viewerId: ViewerParam },
  ) {
    const point = pointSql(p.lat, p.lng);
    // The `limit` nearest visible stories by a pure KNN walk of the GiST index, which stops after `limit` rows.
    // Writing the radius as an index condition instead lets the planner pick a bitmap scan of every story in the
    // radius plus a sort when a neighbourhood is dense (12,000 rows and 70 ms at 1M stories, bench/README.md).
    const nearest = db
      .select({ id: stories.id })
      .from(stories)
      .where(visibleToViewer(p.viewerId))
      .orderBy(sql`${stories.location} <-> ${point}`)
      .limit(p.limit as number);
    return (
      db
        .select(nearbySelection(p.viewerId, point, p.lat))
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        // ST_Distance, not ST_DWithin: the radius trims those few rows and must not become an index condition.
        .where(and(inArray(stories.id, nearest), sql`ST_Distance(${stories.location}, ${point}, false) <= ${p.radius}::float8`))
        .orderBy(sql`${stories.location} <-> ${point}`)
    );
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
  // The hot statements, prepared once (per pooled connection with node-postgres).
  const nearbyBuilder = storyQueries.nearby(db, {
    lat: placeholder('lat'),
    lng: placeholder('lng'),
    radius: placeholder('radius'),
    limit: placeholder('limit'),
    viewerId: placeholder('viewerId'),
  });
  const nearbyStatement = database.pglite
    ? pgliteStatement(database.pglite, 'stories_nearby', nearbyBuilder, NEARBY_KEYS)
    : nearbyBuilder.prepare('stories_nearby');
  const byIdStatement = storyQueries
    .byId(db, { id: placeholder('id'), viewerId: placeholder('viewerId') })
    .prepare('stories_by_id');

  return {
    async nearby(args: { latitude: number; longitude: number; radius: number; limit: number; viewerId: string | null }) {
      const { latitude: lat, longitude: lng, radius, limit, viewerId } = args;
      return (await nearbyStatement.execute({ lat, lng, radius, limit, viewerId })) as StoryRecord[];
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
) {
  const { sql: text, params } = builder.toSQL();
  const names = params.map((param) => (param as { name?: string }).name);
  if (names.some((n) => typeof n !== 'string')) throw new Error(`${name}: every parameter must be a placeholder`);
  let prepared: Promise<unknown> | undefined;
  return {
    async execute(values: NamedValues) {
      prepared ??= lite.exec(`PREPARE ${name} AS ${text}`);
      await prepared;
      const args = names.map((n) => sqlLiteral(values[n!]));
      const result = await lite.query<unknown[]>(`EXECUTE ${name}(${args.join(', ')})`, [], { rowMode: 'array' });
      return result.rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i]])));
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
