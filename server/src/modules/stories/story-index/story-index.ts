/**
 * The in-memory story index (docs/decisions/009-story-index.md): the nearby reads answered from process memory
 * (card-index.ts) instead of a spatial query per read, kept exact by the database's change feed. This file is the
 * read facade; the parts, each with one reason to change:
 *
 * - change-feed.ts: the change notifications, the one task queue, the fences and the trust that decide whether a
 *   read may be answered from memory now;
 * - index-loader.ts: the load, the refetches and the reconciliation;
 * - reader-sets.ts: the per-reader caches: liked stories (likedByMe) and blocked authors;
 * - story-index-repository.ts: every query the index runs.
 *
 * Content and media keys are not in the cards: a read takes them for the stories within unlock reach (or the
 * viewer's own) from the content cache (content-cache.ts) when it holds them for the card's revision, and fetches
 * the rest by primary key, dropping any that stopped being visible.
 */
import type { FastifyBaseLogger } from 'fastify';
import { UNLOCK_RADIUS_M } from '#common/constants';
import type { BoundingBox } from '#common/route-schemas';
import type { Point } from '#common/geo';
import type { Database } from '../../../db/client';
import type { StoryRecord } from '../story-record';
import { mapWithheld, pickWithheld } from '../story-view';
import { pickLockValues } from '#common/lock-kinds';
import { ContentCache, type WithheldValues } from './content-cache';
import type { NearestCard, NearestQuery, StoryCard } from './card';
import { CardIndex } from './card-index';
import { startChangeFeed } from './change-feed';
import { createIndexLoader } from './index-loader';
import { createReaderSets } from './reader-sets';
import { createStoryIndexRepository, type ContentRow } from './story-index-repository';

/** Recent signed-in readers whose liked stories and blocked authors are kept, and the most kept for one of them. */
const MAX_LIKED_READERS = 20_000;
const MAX_LIKED_PER_READER = 5_000;
const MAX_BLOCKED_PER_READER = 5_000;

export type StoryIndexState = 'warming' | 'ready' | 'catching-up' | 'closed';

export interface StoryIndexOptions {
  /** 'writes': reads wait for the fences of this instance's writes; 'every-read': each read sends its own. */
  consistency?: 'writes' | 'every-read';
  /** A fence not back within this time sends reads to SQL. */
  lagMs?: number;
  /** A fence not back within this time is taken as lost: the index reconciles. */
  lostMs?: number;
  heartbeatMs?: number;
  reconcileMs?: number;
  /** The longest a read waits for the index to catch up before it goes to SQL instead. */
  readWaitMs?: number;
  loadBatch?: number;
  maxOverlay?: number;
  /** Stories whose content and media keys are kept in memory (content-cache.ts); 0 turns the cache off. */
  maxCachedContents?: number;
  log?: FastifyBaseLogger;
}

type ReaderKeys = readonly (string | null | undefined)[];

export type StoryIndex = Awaited<ReturnType<typeof createStoryIndex>>;

export async function createStoryIndex(database: Database, options: StoryIndexOptions = {}) {
  const repository = createStoryIndexRepository(database, { maxLikedPerReader: MAX_LIKED_PER_READER });
  const cards = new CardIndex(options.maxOverlay);
  const authorNames = new Map<string, string | null>();
  const contents = new ContentCache(options.maxCachedContents);
  const liked = createReaderSets(
    { all: repository.likedBy, among: repository.likedAmong },
    { maxReaders: MAX_LIKED_READERS, maxPerReader: MAX_LIKED_PER_READER },
  );
  // A signed-in read leaves out the authors its reader blocked; kept here so a read asks the database nothing.
  const blocked = createReaderSets(
    { all: repository.blockedBy },
    { maxReaders: MAX_LIKED_READERS, maxPerReader: MAX_BLOCKED_PER_READER },
  );
  const blockedAuthorsOf = async (viewerId: string | null) =>
    viewerId ? [...(await blocked.of(viewerId))] : undefined;
  const loader = createIndexLoader({
    repository,
    cards,
    authorNames,
    loadBatch: options.loadBatch ?? 20_000,
    log: options.log,
  });
  const feed = await startChangeFeed(
    repository,
    {
      load: loader.load,
      reconcile: loader.reconcile,
      refreshStories: loader.refreshStories,
      refreshAuthors: loader.refreshAuthors,
      forgetLikes: liked.forget,
      forgetBlocks: blocked.forget,
      knowsAuthor: (userId) => authorNames.has(userId),
    },
    {
      consistency: options.consistency ?? 'writes',
      lagMs: options.lagMs ?? 1_000,
      lostMs: options.lostMs ?? 5_000,
      readWaitMs: options.readWaitMs ?? 100,
      heartbeatMs: options.heartbeatMs ?? 1_000,
      reconcileMs: options.reconcileMs ?? 5 * 60_000,
      log: options.log,
    },
  );

  /** Whether the change feed lets this read be answered from memory now (it may wait briefly). */
  async function mayAnswer(readerKeys: ReaderKeys, details: boolean): Promise<boolean> {
    const ready = feed.readyForRead(readerKeys, details);
    return ready === true || (await ready);
  }

  /**
   * The chosen cards as StoryRecords. Content and media keys only within unlock reach of the read's point or for
   * the viewer's own stories, as the SQL ships them (1 m of slack for the sphere), with the viewer's likes. They
   * come from the content cache when it holds them for the card's revision, else from the database, which also
   * drops a story that stopped being visible since its card was read.
   */
  async function withDetails(chosen: NearestCard[], viewerId: string | null): Promise<StoryRecord[]> {
    if (chosen.length === 0) return [];
    // Per chosen card: its withheld values (cached), FETCH (within reach, not cached) or OUT_OF_REACH.
    const details: (WithheldValues | typeof FETCH | typeof OUT_OF_REACH)[] = [];
    const missing: string[] = [];
    for (const { card, distance } of chosen) {
      if (card.authorId !== viewerId && distance > UNLOCK_RADIUS_M + 1) {
        details.push(OUT_OF_REACH);
        continue;
      }
      const cached = contents.get(card.id, card.revision);
      if (cached === undefined) missing.push(card.id);
      details.push(cached ?? FETCH);
    }
    const [fetched, likedByViewer] = await Promise.all([
      missing.length > 0 ? repository.content(missing, viewerId) : [],
      viewerId
        ? liked.of(
            viewerId,
            chosen.map((n) => n.card.id),
          )
        : null,
    ]);
    const fetchedById = new Map<string, WithheldValues>();
    for (const row of fetched) {
      const values = withheldOf(row);
      fetchedById.set(row.id, values);
      contents.set(row.id, row.revision, values);
    }
    const records: StoryRecord[] = [];
    for (let i = 0; i < chosen.length; i++) {
      const { card } = chosen[i]!;
      let detail = details[i]!;
      if (detail === FETCH) {
        const values = fetchedById.get(card.id);
        // Fetched but gone, or no longer visible to this viewer: not in the answer.
        if (values === undefined) continue;
        detail = values;
      }
      records.push(
        recordOf(
          card,
          authorNames.get(card.authorId) ?? null,
          detail === OUT_OF_REACH ? NOTHING_WITHHELD : detail,
          likedByViewer?.has(card.id) ?? false,
        ),
      );
    }
    return records;
  }

  return {
    get state(): StoryIndexState {
      return feed.state;
    },
    get size() {
      return cards.size;
    },
    /** How reads were answered since start: from memory, or by SQL and why (change-feed.ts ReadTallies). */
    get reads() {
      return feed.reads;
    },

    /**
     * After a write of this instance (plugin.ts): the writer's next reads (by user id or address) wait until the
     * index has it. Other readers see it as soon as its notification is through, milliseconds later.
     */
    fenceWrite(writerKeys: ReaderKeys, kind: 'stories' | 'likes' = 'stories') {
      feed.fenceWrite(writerKeys, kind);
    },

    /** A reconciliation with the table now, in the change feed's order; resolves with its ms (bench). */
    reconcileNow(): Promise<number> {
      return feed.reconcileNow();
    },

    /** Resolves once everything notified so far is applied (tests). */
    settled(timeoutMs = 5_000): Promise<boolean> {
      return feed.settled(timeoutMs);
    },

    /**
     * The nearby read from memory, as StoryRecords in the SQL's order; null when the index cannot answer it
     * exactly now (warming, catching up, lagging) and the caller should run the SQL.
     */
    async nearby(q: NearestQuery, readerKeys: ReaderKeys = [q.viewerId]): Promise<StoryRecord[] | null> {
      if (!(await mayAnswer(readerKeys, true))) return null;
      return withDetails(cards.nearest({ ...q, blockedAuthorIds: await blockedAuthorsOf(q.viewerId) }), q.viewerId);
    },

    /**
     * The same stories as markers: the cards themselves, nothing fetched and no record built (a map read holds up
     * to 1,000). A marker shows no likes, so it does not wait for its reader's own likes.
     */
    async nearbyMarkers(q: NearestQuery, readerKeys: ReaderKeys = [q.viewerId]): Promise<StoryCard[] | null> {
      if (!(await mayAnswer(readerKeys, false))) return null;
      return cardsOf(cards.nearest({ ...q, blockedAuthorIds: await blockedAuthorsOf(q.viewerId) }));
    },

    /** The viewport read from memory (storyQueries.inBox's rows and order); null: run the SQL. */
    async inBox(q: BoxQuery, readerKeys: ReaderKeys = [q.viewerId]): Promise<StoryRecord[] | null> {
      if (!(await mayAnswer(readerKeys, true))) return null;
      return withDetails(
        cards.inBox(q.box, q.centre, q.limit, q.viewerId, await blockedAuthorsOf(q.viewerId)),
        q.viewerId,
      );
    },

    /** The viewport as markers (see nearbyMarkers). */
    async inBoxMarkers(q: BoxQuery, readerKeys: ReaderKeys = [q.viewerId]): Promise<StoryCard[] | null> {
      if (!(await mayAnswer(readerKeys, false))) return null;
      return cardsOf(cards.inBox(q.box, q.centre, q.limit, q.viewerId, await blockedAuthorsOf(q.viewerId)));
    },

    close(): Promise<void> {
      return feed.close();
    },
  };
}

/** A viewport read: the box, the point its stories are ordered from, the cap and the viewer. */
export interface BoxQuery {
  box: BoundingBox;
  centre: Point;
  limit: number;
  viewerId: string | null;
}

const cardsOf = (chosen: NearestCard[]) => chosen.map((n) => n.card);

/** The withheld columns of a story out of unlock reach (most of a read's stories): null, as the SQL ships them. */
const NOTHING_WITHHELD: WithheldValues = Object.freeze(mapWithheld(() => null));
const FETCH = Symbol('fetch');
const OUT_OF_REACH = Symbol('out of reach');

/** The withheld values of a content row (WITHHELD_COLUMNS of story-view.ts; the cache keeps them). */
const withheldOf = (row: ContentRow): WithheldValues => pickWithheld(row);

/**
 * A card as the read side's record: built for every story of every nearby read, so the withheld values come
 * first (a spread at the head of a literal copies like a clone) and the lock fields are read from their one
 * list (common/lock-kinds.ts) without arrays per story.
 */
function recordOf(
  card: StoryCard,
  authorDisplayName: string | null,
  withheld: WithheldValues,
  likedByMe: boolean,
): StoryRecord {
  return {
    ...withheld,
    ...pickLockValues(card),
    id: card.id,
    title: card.title,
    description: card.description,
    duration: card.duration,
    wordCount: card.wordCount,
    latitude: card.latitude,
    longitude: card.longitude,
    category: card.category,
    language: card.language,
    type: card.type,
    authorId: card.authorId,
    likes: card.likes,
    traceCount: card.traceCount,
    isPublic: card.isPublic,
    timeRestriction: card.timeRestriction,
    createdAt: new Date(Math.floor(card.createdAtMicros / 1000)),
    authorDisplayName,
    likedByMe,
  };
}
