/**
 * The stories table, for the read side: the queries of story-queries.ts, the hot nearby statement prepared once
 * per answer cap (db/prepared-statements.ts) with the method nearby-method.ts picks for the place.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stories } from '../../db/schema';
import { prepareRows, type PreparedRows } from '../../db/prepared-statements';
import { useBoxMethod, type NearbyMethod } from './nearby-method';
import { storyQueries, type PageCursor } from './story-queries';
import type { NearestQuery } from './story-index/card';
import type { BoxQuery, StoryIndex } from './story-index/story-index';
import type { StoryRecord } from './story-record';
import type { MarkerRow, StoryRow } from './story-view';

/** `readerAddress`: the reader's address key, whose own latest write the index waits for (with the user id). */
/**
 * `language`: only stories in that language (docs/decisions/061-stories-carry-their-language.md). Such a read is
 * answered by SQL, which filters before the cap; the story index does not answer it.
 */
type NearbyArgs = Omit<NearestQuery, 'blockedAuthorIds'> & { readerAddress?: string; language?: string | null };
type BoxArgs = BoxQuery & { readerAddress?: string; language?: string | null };

export type { PageCursor } from './story-queries';
export type { StoryRecord } from './story-record';

interface StoryPage {
  records: StoryRecord[];
  /** Where the next page starts, or null on the last page. */
  next: PageCursor | null;
}

export type StoryRepository = ReturnType<typeof createStoryRepository>;

/**
 * `index`: the in-memory story index (story-index/), which answers the nearby and viewport reads when it can do
 * so exactly; the SQL below answers them otherwise (warming up, catching up) and answers every other read.
 */
export function createStoryRepository(database: Database, index: StoryIndex | null = null) {
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
      statement = prepareRows(database, name, builder, Object.keys(builder._.selectedFields));
      nearbyStatements.set(name, statement);
    }
    return statement;
  };
  const byIdStatement = storyQueries
    .byId(db, { id: placeholder('id'), viewerId: placeholder('viewerId') })
    .prepare('stories_by_id');

  async function nearbyBySql(args: NearbyArgs): Promise<StoryRecord[]> {
    const { latitude: lat, longitude: lng, radius, limit, viewerId } = args;
    if (args.language) {
      // Not prepared: a filtered read is rarer than the hot unfiltered one, and its plan is the radius's.
      const builder = storyQueries.nearby(db, {
        lat,
        lng,
        radius,
        limit,
        viewerId,
        method: 'knn',
        language: args.language,
      });
      return await builder;
    }
    const method = useBoxMethod(lat, lng, radius, limit) ? 'box' : 'knn';
    return (await nearbyStatement(method, limit).execute({ lat, lng, radius, viewerId })) as unknown as StoryRecord[];
  }

  return {
    /**
     * A new story row (files already stored); the row as written. `language` null: the author's own
     * (users.language), read in the same statement (docs/decisions/061-stories-carry-their-language.md).
     */
    async insert(
      values: Omit<typeof stories.$inferInsert, 'language'> & { language: string | null },
    ): Promise<StoryRow> {
      const language =
        values.language ?? sql<string>`(SELECT u.language FROM users u WHERE u.id = ${values.authorId}::uuid)`;
      const [row] = await db
        .insert(stories)
        .values({ ...values, language })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async nearby(args: NearbyArgs): Promise<StoryRecord[]> {
      if (args.language) return nearbyBySql(args);
      return (await index?.nearby(args, [args.viewerId, args.readerAddress])) ?? nearbyBySql(args);
    },

    /** The same stories for markers: the index's cards as they are (nothing fetched); the SQL path's rows. */
    async nearbyMarkers(args: NearbyArgs): Promise<MarkerRow[]> {
      if (args.language) return nearbyBySql(args);
      return (await index?.nearbyMarkers(args, [args.viewerId, args.readerAddress])) ?? nearbyBySql(args);
    },

    async inBox(args: BoxArgs): Promise<StoryRecord[]> {
      if (args.language) return storyQueries.inBox(db, args);
      return (await index?.inBox(args, [args.viewerId, args.readerAddress])) ?? storyQueries.inBox(db, args);
    },

    async inBoxMarkers(args: BoxArgs): Promise<MarkerRow[]> {
      if (args.language) return storyQueries.inBox(db, args);
      return (await index?.inBoxMarkers(args, [args.viewerId, args.readerAddress])) ?? storyQueries.inBox(db, args);
    },

    /** One visible story, or undefined. */
    async byId(id: string, viewerId: string | null) {
      const rows = (await byIdStatement.execute({ id, viewerId })) as StoryRecord[];
      return rows[0];
    },

    async page(args: {
      limit: number;
      cursor: PageCursor | null;
      viewerId: string | null;
      authorId?: string;
      followedBy?: string;
    }) {
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
