/**
 * The statements compared by bench/spatial-variants.ts (its header describes variants A-E): the app's nearby SQL
 * and the variants built around its outer query. Each variant's cap of rows is the run's --cap.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/src/db/client';
import { storyQueries } from '../server/src/modules/stories/story-queries';
// The statements. A is the app's SQL verbatim; B-D reuse its outer query (the column list, unlock-reach CASEs,
// likedByMe, users join, radius filter) around their own inner nearest-rows subquery.

export interface Variant {
  key: string;
  title: string;
  /** The GiST index its plan must use. */
  index: string;
  text: string;
  /** Parameter names in $n order (lat, lng, radius, viewerId). */
  names: string[];
}

/** The app's statement as Drizzle builds it, with named placeholders as the repository prepares it. */
export function appStatement(database: Database, cap: number) {
  const builder = storyQueries.nearby(database.db, {
    lat: sql.placeholder('lat'),
    lng: sql.placeholder('lng'),
    radius: sql.placeholder('radius'),
    limit: cap,
    viewerId: sql.placeholder('viewerId'),
    method: 'knn',
  });
  const { sql: text, params } = builder.toSQL();
  return { text, names: params.map((p) => (p as { name: string }).name) };
}

/** Splits `text` at `marker`, which must occur exactly once (so a change of the app's SQL fails loudly). */
function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0) throw new Error(`app SQL changed shape: "${marker}" not found once`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/** `:name` tokens to $n, one parameter per distinct name. */
function compile(named: string): { text: string; names: string[] } {
  const names: string[] = [];
  const text = named.replace(/:(lat|lng|radius|viewerId)\b/g, (_m, name: string) => {
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return { text, names };
}

export function buildVariants(app: { text: string; names: string[] }, earthRadius: number, cap: number): Variant[] {
  // Back to named form, then cut A into: outer select list `from (` inner `) "nearest"` join, filter, order.
  const named = app.text.replace(/\$(\d+)/g, (_m, n: string) => `:${app.names[Number(n) - 1]}`);
  const [outerHead, rest] = splitOnce(named, ' from (select ');
  const [innerColumns] = splitOnce(rest, ', ST_Distance(');
  const [, tail] = splitOnce(rest, ') "nearest" ');
  const outer = (inner: string, orderBy: string) =>
    `${outerHead} from (select ${innerColumns}, ${inner}) "nearest" ${tail.replace(/order by "knn"$/, `order by ${orderBy}`)}`;
  if (!/order by "knn"$/.test(tail)) throw new Error('app SQL changed shape: outer order by "knn" not found');

  const R = earthRadius;
  const visible = `("stories"."is_public" AND "stories"."hidden_at" IS NULL) OR "stories"."author_id" = (SELECT :viewerId::uuid)`;
  const geomPoint = `(SELECT ST_SetSRID(ST_MakePoint(:lng::float8, :lat::float8), 4326))`;
  // The smallest lat/lng box around a circle of `radius` metres: ±ρ in latitude, ±asin(sin ρ / cos φ) in
  // longitude (the whole turn when the circle holds a pole), ρ = radius / R; a nanodegree of slack for
  // rounding. No antimeridian wrap (enough for this experiment).
  const boxAround = (radius: string) => `(SELECT ST_Expand(ST_SetSRID(ST_MakePoint(:lng::float8, :lat::float8), 4326),
      CASE WHEN sin(r / ${R}) < cos(radians(:lat::float8))
           THEN degrees(asin(sin(r / ${R}) / cos(radians(:lat::float8)))) + 1e-9 ELSE 360 END,
      degrees(r / ${R}) + 1e-9) FROM (SELECT ${radius} AS r OFFSET 0) reach)`; // OFFSET 0: r once, not inlined 3×
  // E's reach: the sphere distance of the farthest of the `cap` nearest visible stories by planar KNN (C's walk).
  // Any `cap` visible stories bound the distance of the true cap-th nearest, so the box around that reach
  // holds every true answer: exact, and the box holds about cap / cos φ stories instead of the whole radius.
  const planarReach = `least(:radius::float8, coalesce((SELECT max(ST_DistanceSphere("location_geom", ${geomPoint}))
      FROM (SELECT "location_geom" FROM "stories" WHERE ${visible}
            ORDER BY "location_geom" <-> ${geomPoint} LIMIT ${cap}) knn), :radius::float8))`;
  const xyzPoint = `(SELECT ST_MakePoint(cos(radians(:lat::float8)) * cos(radians(:lng::float8)),
      cos(radians(:lat::float8)) * sin(radians(:lng::float8)), sin(radians(:lat::float8))))`;

  const variants: Variant[] = [
    { key: 'A', title: 'geography KNN (app)', index: 'stories_location_gist_idx', ...app },
    {
      key: 'B',
      title: 'geometry box + ST_DistanceSphere',
      index: 'stories_location_geom_gist_idx',
      ...compile(
        outer(
          `ST_DistanceSphere("location_geom", ${geomPoint}) as "distance"
           from "stories"
           where "location_geom" && ${boxAround(':radius::float8')} and ST_DistanceSphere("location_geom", ${geomPoint}) <= :radius::float8
             and (${visible})
           order by "distance" limit ${cap}`,
          '"distance"',
        ),
      ),
    },
    {
      key: 'C',
      title: 'geometry planar KNN',
      index: 'stories_location_geom_gist_idx',
      ...compile(
        outer(
          `ST_DistanceSphere("location_geom", ${geomPoint}) as "distance", "location_geom" <-> ${geomPoint} as "knn"
           from "stories" where ${visible} order by "knn" limit ${cap}`,
          '"distance"',
        ),
      ),
    },
    {
      key: 'D',
      title: 'unit-sphere xyz chord KNN',
      index: 'stories_location_xyz_gist_idx',
      ...compile(
        outer(
          `${2 * R} * asin(least(1, ("location_xyz" <<->> ${xyzPoint}) / 2)) as "distance",
           "location_xyz" <<->> ${xyzPoint} as "knn"
           from "stories" where ${visible} order by "knn" limit ${cap}`,
          '"knn"',
        ),
      ),
    },
    {
      key: 'E',
      title: 'planar KNN reach, then box + sort',
      index: 'stories_location_geom_gist_idx',
      ...compile(
        outer(
          `ST_DistanceSphere("location_geom", ${geomPoint}) as "distance"
           from "stories"
           where "location_geom" && ${boxAround(planarReach)} and (${visible})
           order by "distance" limit ${cap}`,
          '"distance"',
        ),
      ),
    },
  ];
  return variants;
}
