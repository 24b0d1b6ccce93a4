/**
 * Story reads in SQL, as Drizzle builders (the repository prepares or runs them; the EXPLAIN test and the
 * benchmarks run the very same builders). Every spatial query goes through a GiST index: the nearby reads walk
 * it nearest first and keep those within the radius (two methods, nearby-method.ts chooses); the map viewport
 * searches it with `ST_DWithin` around the box (bench/README.md has the plans and figures).
 *
 * Visibility (docs/design.md, rules 7-8): db/visibility.ts, the one definition every query uses.
 */
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { EARTH_RADIUS_M, UNLOCK_RADIUS_M } from '#common/constants';
import { haversineMetres } from '#common/geo';
import type { BoundingBox } from '#common/route-schemas';
import type { Point } from '#common/geo';
import type { Db } from '../../db/client';
import { stories, users } from '../../db/schema';
import { visibleStory } from '../../db/visibility';
import type { NearbyMethod } from './nearby-method';
import { mapWithheld, STORY_VIEW_COLUMNS } from './story-view';
import type { PageCursor } from '../../lib/paging';

export type { PageCursor };

// Reads select the columns a view is built from and nothing else (not the generated location columns).
const allColumns = getTableColumns(stories);
const storyColumns = Object.fromEntries(STORY_VIEW_COLUMNS.map((key) => [key, allColumns[key]])) as Pick<
  typeof allColumns,
  (typeof STORY_VIEW_COLUMNS)[number]
>;

/** A bound value, or a placeholder filled when a prepared statement executes. */
type Param<T> = T | ReturnType<typeof sql.placeholder>;
/** `viewer` is a user id, or null for a visitor. */
type ViewerParam = Param<string | null>;

const pointSql = (latitude: Param<number>, longitude: Param<number>) =>
  sql`ST_SetSRID(ST_MakePoint(${longitude}::float8, ${latitude}::float8), 4326)::geography`;

/**
 * To the author of a hidden story only: the decision that hid it (docs/design.md, rule 18), as JSON; null otherwise.
 */
const authorsModeration = (viewer: ViewerParam) => sql<Record<string, unknown> | null>`(
  SELECT json_build_object('decisionId', d.id, 'action', d.action, 'reason', d.reason, 'note', d.note, 'automatic', d.moderator_id IS NULL,
                           'createdAt', to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM moderation_decisions d
  WHERE d.id = ${stories.hiddenDecisionId} AND ${stories.hiddenAt} IS NOT NULL AND ${stories.authorId} = ${viewer}::uuid)`;

const visibleToViewer = (viewer: ViewerParam) => visibleStory(sql`${viewer}::uuid`);

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

const visibleOnce = (viewer: ViewerParam) => visibleStory(viewerOnce(viewer));

export interface NearestParams {
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
      // By the output column alone: the index's KNN order. A second sort key (newest first among ties) makes
      // PostgreSQL 15's generic plan sort the whole table instead of walking the index (story-plans test), so
      // here ties at the cap boundary come in index order; the outer query orders the answer newest first. The
      // discoverable read uses the box method, whose explicit sort takes the tie-break at no cost.
      .orderBy(sql`"knn"`)
      .limit(literalLimit(p.limit))
      .as('nearest')
  );
}

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
  const R = sql.raw(String(EARTH_RADIUS_M));
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
    .where(sql`${stories.locationGeom} && ${box} AND ${visibleOnce(p.viewerId)}`)
    .orderBy(sql`"distance"`, sql`${stories.createdAt} DESC`, sql`${stories.id} DESC`)
    .limit(limit)
    .as('nearest');
}

/**
 * Stories in a language (a canonical tag): the tag itself or a more specific one ("es" finds "es-MX"), as
 * common/story-language.ts `matchesLanguageFilter` says. A canonical tag holds only letters, digits and hyphens, so
 * it has no LIKE wildcard in it.
 */
const inLanguage = (column: AnyPgColumn, language: string) =>
  sql`(${column} = ${language} OR ${column} LIKE ${`${language}-%`})`;

/**
 * The language-filtered nearby read's rows (docs/decisions/061-stories-carry-their-language.md): the visible stories
 * in that language within the radius, found through the geography index's ST_DWithin, nearest first (newest first
 * among ties) and capped. Filtered before the cap, so a capped answer is full of that language; and bounded by the
 * radius, so a rare language does not walk the whole index in KNN order looking for `limit` of its stories.
 */
function nearestInLanguage(db: Db, p: NearestParams & { language: string }) {
  const point = pointOnce(p.lat, p.lng);
  return db
    .select({
      ...storyColumns,
      distance: sql<number>`ST_Distance(${stories.location}, ${point}, false)`.as('distance'),
    })
    .from(stories)
    .where(
      sql`ST_DWithin(${stories.location}, ${point}, ${p.radius}::float8, false) AND ${visibleOnce(p.viewerId)} AND ${inLanguage(stories.language, p.language)}`,
    )
    .orderBy(sql`"distance"`, sql`${stories.createdAt} DESC`, sql`${stories.id} DESC`)
    .limit(literalLimit(p.limit))
    .as('nearest');
}

/**
 * The nearby selection over the nearest rows. Content and media keys can only be sent for stories within unlock
 * reach (or the viewer's own), so the database does not ship the text of every story in the radius just to have
 * it withheld. The metre of slack covers the tiny difference between PostGIS's sphere and ours; the lock itself
 * is decided in story-view.ts.
 */
function nearbySelection(
  nearest:
    ReturnType<typeof nearestByKnn> | ReturnType<typeof nearestInReachBox> | ReturnType<typeof nearestInLanguage>,
  viewerId: ViewerParam,
) {
  const viewer = viewerOnce(viewerId);
  const inReach = sql`(${nearest.authorId} = ${viewer} OR ${nearest.distance} <= ${sql.raw(String(UNLOCK_RADIUS_M + 1))})`;
  const ifInReach = (column: AnyPgColumn) => sql<string | null>`CASE WHEN ${inReach} THEN ${column} END`;
  const { distance: _distance, ...rest } = nearest._.selectedFields;
  const { knn: _knn, ...columns } = rest as typeof rest & { knn?: unknown };
  return {
    ...columns,
    ...mapWithheld((column) => ifInReach(nearest[column])),
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
  nearby(db: Db, p: NearestParams & { method: NearbyMethod; language?: string | null }) {
    // The subquery's LIMIT also keeps the radius test out of it: it only trims those few rows.
    const nearest = p.language
      ? nearestInLanguage(db, { ...p, language: p.language })
      : p.method === 'box'
        ? nearestInReachBox(db, p)
        : nearestByKnn(db, p);
    const orderColumn = p.method === 'box' || p.language ? 'distance' : 'knn';
    return (
      db
        .select(nearbySelection(nearest, p.viewerId))
        .from(nearest)
        .innerJoin(users, eq(users.id, nearest.authorId))
        .where(sql`${nearest.distance} <= ${p.radius}::float8`)
        // Among stories at one distance the newest first (and by id when created together), so a crowded spot
        // shows its new stories rather than the `limit` oldest.
        .orderBy(sql`"nearest"."${sql.raw(orderColumn)}"`, sql`${nearest.createdAt} DESC`, sql`${nearest.id} DESC`)
    );
  },

  /**
   * Visible stories inside a map viewport, nearest to `centre` first, at most `limit`. The index is searched
   * with the smallest circle around the box's centre that holds the whole box; the exact latitude/longitude
   * test then trims it to the box (a west greater than east crosses the antimeridian).
   */
  inBox(
    db: Db,
    p: { box: BoundingBox; centre: Point; limit: number; viewerId: string | null; language?: string | null },
  ) {
    const { box } = p;
    const cover = coveringCircle(box);
    const longitudeTest =
      box.west <= box.east
        ? sql`${stories.longitude} BETWEEN ${box.west} AND ${box.east}`
        : sql`(${stories.longitude} >= ${box.west} OR ${stories.longitude} <= ${box.east})`;
    // Content and media keys only within unlock reach of the centre (the reader, when there is one) or for the
    // viewer's own stories: nothing else can be unlocked by this read (as nearbySelection).
    const centre = pointSql(p.centre.latitude, p.centre.longitude);
    const inReach = sql`(${stories.authorId} = ${p.viewerId}::uuid OR ST_Distance(${stories.location}, ${centre}, false) <= ${sql.raw(String(UNLOCK_RADIUS_M + 1))})`;
    const ifInReach = (column: AnyPgColumn) => sql<string | null>`CASE WHEN ${inReach} THEN ${column} END`;
    return (
      db
        .select({
          ...selection(p.viewerId),
          ...mapWithheld((column) => ifInReach(stories[column])),
        })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .where(
          and(
            sql`ST_DWithin(${stories.location}, ${pointSql(cover.latitude, cover.longitude)}, ${cover.radius}::float8, false)`,
            sql`${stories.latitude} BETWEEN ${box.south} AND ${box.north}`,
            longitudeTest,
            visibleToViewer(p.viewerId),
            p.language ? inLanguage(stories.language, p.language) : undefined,
          ),
        )
        // Newest first among stories at one distance. The box is found through the index (ST_DWithin), then
        // its rows are sorted: the tie-break costs no index walk here, unlike in nearestByKnn.
        .orderBy(
          sql`${stories.location} <-> ${pointSql(p.centre.latitude, p.centre.longitude)}`,
          sql`${stories.createdAt} DESC`,
          sql`${stories.id} DESC`,
        )
        .limit(p.limit)
    );
  },

  byId(db: Db, p: { id: Param<string>; viewerId: ViewerParam }) {
    return db
      .select({
        ...selection(p.viewerId),
        reportedByMe: sql<boolean>`EXISTS (SELECT 1 FROM reports WHERE reports.user_id = ${p.viewerId}::uuid AND reports.story_id = ${stories.id})`,
        unlockedByMe: sql<boolean>`EXISTS (SELECT 1 FROM unlocks WHERE unlocks.user_id = ${p.viewerId}::uuid AND unlocks.story_id = ${stories.id})`,
        moderation: authorsModeration(p.viewerId),
      })
      .from(stories)
      .innerJoin(users, eq(users.id, stories.authorId))
      .where(and(eq(stories.id, p.id as string), visibleToViewer(p.viewerId)));
  },

  /**
   * Visible stories newest first (optionally one author's), keyset-paginated on (created_at, id) so a page
   * costs the same however deep it is and concurrent inserts never shift it. Fetches one row more than `limit`
   * to tell whether a next page exists.
   */
  page(
    db: Db,
    p: { limit: number; cursor: PageCursor | null; viewerId: string | null; authorId?: string; followedBy?: string },
  ) {
    const conditions: SQL[] = [visibleToViewer(p.viewerId)];
    if (p.authorId) conditions.push(sql`${stories.authorId} = ${p.authorId}::uuid`);
    // Public stories of the authors a reader follows (never their own private ones: the follow is to others).
    if (p.followedBy) {
      conditions.push(
        sql`${stories.isPublic} AND ${stories.authorId} IN (SELECT f.author_id FROM follows f WHERE f.follower_id = ${p.followedBy}::uuid)`,
      );
    }
    if (p.cursor) {
      conditions.push(
        sql`(${stories.createdAt}, ${stories.id}) < (${p.cursor.createdAt}::timestamptz, ${p.cursor.id}::uuid)`,
      );
    }
    return (
      db
        // created_at as text keeps PostgreSQL's microseconds, which a JS Date would round away.
        .select({
          ...selection(p.viewerId),
          moderation: authorsModeration(p.viewerId),
          createdAtText: sql<string>`${stories.createdAt}::text`,
        })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .where(and(...conditions))
        // NULLS LAST matches the indexes as drizzle-kit wrote them (the columns are NOT NULL anyway).
        .orderBy(sql`${stories.createdAt} DESC NULLS LAST`, sql`${stories.id} DESC NULLS LAST`)
        .limit(p.limit + 1)
    );
  },
};

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
  const radius = Math.max(
    ...corners.map(([lat, lng]) => haversineMetres({ latitude, longitude }, { latitude: lat, longitude: lng })),
  );
  return { latitude, longitude, radius: radius + 1 };
}
