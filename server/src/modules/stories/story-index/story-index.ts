/**
 * The in-memory story index (docs/decisions/009-story-index.md): the nearby reads answered from process memory
 * (card-index.ts) instead of a spatial query per read, kept exact by the database's change feed.
 *
 * - Change feed: migration 0008's triggers NOTIFY `story_change` with the ids every statement inserted, updated
 *   or deleted ('*' for a bulk statement); each id's card is fetched again and replaced. A user's rename
 *   arrives on `session_change` (migration 0006) and refreshes their display name.
 * - One queue: the load, the fetches and the reconciliation run one after another in arrival order, so a late
 *   answer never overwrites a newer one (revisions guard that too).
 * - Fences: this instance NOTIFYs `fence:<instance>:<n>` on the same channel after each of its own writes
 *   (plugin.ts) and once a second. PostgreSQL delivers notifications in commit order, so when fence n has gone
 *   through the queue, every change committed before it was sent has been applied. A read waits (briefly) until
 *   the fence of its reader's own latest write is through — so a story a request created is in that reader's next
 *   read — and for the changes already notified; a fence that does not come back within `lagMs` sends reads to
 *   the SQL path until it does.
 * - Reconciliation: per id range, the table's count and sum of revisions against the index's; a range that
 *   differs is reloaded. Run every `reconcileMs`, after a bulk statement, and after a lost fence (a dropped
 *   LISTEN connection loses the notifications sent meanwhile) — reads use SQL until it is done.
 * - Content and media keys stay in the database: a read fetches them by primary key for the stories within
 *   unlock reach (or the viewer's own), with the viewer's likes, and drops any that stopped being visible.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { UNLOCK_RADIUS_M } from '#common/constants';
import type { Database } from '../../../db/client';
import { prepareRows, type PreparedRows } from '../../../db/prepared-statements';
import { SESSION_CHANGE_CHANNEL } from '../../auth';
import type { StoryRecord } from '../story-record';
import { isUuid, type BoundingBox, type Point } from '#common/route-schemas';
import { CardIndex, ID_RANGES, idRangeOf, type NearestCard, type NearestQuery, type StoryCard } from './card-index';

export const STORY_CHANGE_CHANNEL = 'story_change';
const RETRY_LOAD_MS = 2_000;
/** Recent signed-in readers whose liked stories are kept, and the most likes kept for one of them. */
const MAX_LIKED_READERS = 20_000;
const MAX_LIKED_PER_READER = 5_000;

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
  log?: FastifyBaseLogger;
}

type Task =
  | { kind: 'load' }
  | { kind: 'reconcile'; catchUp: boolean }
  | { kind: 'stories'; ids: string[] }
  | { kind: 'author'; id: string }
  | { kind: 'likes'; userIds: string[] | '*' }
  | { kind: 'fence'; n: number };

interface Waiter {
  taskSeq: number;
  fence: number;
  resolve: (caughtUp: boolean) => void;
  timer: NodeJS.Timeout;
}

const CARD_COLUMNS = sql.raw(`id, title, description, duration, word_count, latitude, longitude, category, type, author_id,
  likes, is_public, hidden_at IS NOT NULL AS hidden, time_restriction, unlock_start_time, unlock_end_time, unlock_season,
  unlock_weather, floor(extract(epoch FROM created_at) * 1000000)::float8 AS created_us, revision`);

/** A cards query row (rowMode array, CARD_COLUMNS' order) as a card. */
function cardOf(row: unknown[]): StoryCard {
  return {
    id: row[0] as string,
    title: row[1] as string,
    description: row[2] as string | null,
    duration: row[3] as number | null,
    wordCount: row[4] as number | null,
    latitude: row[5] as number,
    longitude: row[6] as number,
    category: row[7] as string,
    type: row[8] as StoryCard['type'],
    authorId: row[9] as string,
    likes: row[10] as number,
    isPublic: row[11] as boolean,
    hidden: row[12] as boolean,
    timeRestriction: row[13] as StoryCard['timeRestriction'],
    unlockStartTime: row[14] as string | null,
    unlockEndTime: row[15] as string | null,
    unlockSeason: row[16] as StoryCard['unlockSeason'],
    unlockWeather: row[17] as StoryCard['unlockWeather'],
    createdAtMicros: row[18] as number,
    revision: Number(row[19]),
  };
}

export type StoryIndex = Awaited<ReturnType<typeof createStoryIndex>>;

export async function createStoryIndex(database: Database, options: StoryIndexOptions = {}) {
  const consistency = options.consistency ?? 'writes';
  const lagMs = options.lagMs ?? 1_000;
  const lostMs = options.lostMs ?? 5_000;
  const readWaitMs = options.readWaitMs ?? 100;
  const loadBatch = options.loadBatch ?? 20_000;
  const log = options.log;
  const instance = crypto.randomUUID().slice(0, 8);

  const cards = new CardIndex(options.maxOverlay);
  const authorNames = new Map<string, string | null>();
  let loaded = false;
  /** False from a bulk statement, a lost fence or a failed change until a reconciliation has run. */
  let trusted = true;
  let closed = false;
  /** Whether reads may be answered from memory (lag aside). */
  const serving = () => loaded && trusted && !closed;
  const startedAt = performance.now();

  // The queue, and how far it has got: every task has a sequence number.
  const queue: { seq: number; task: Task }[] = [];
  let enqueuedSeq = 0;
  let appliedSeq = 0;
  let draining = false;

  // Fences: numbered per instance; `throughFence` is the highest n with every fence up to n through the queue.
  let fenceSent = 0;
  /** The fence after the latest write of each writer (user id, client address), while it is not through. */
  const writeFences = new Map<string, number>();
  /**
   * The same for likes only: they change a story's count and the writer's likedByMe, which a marker read does not
   * show, so only reads with details wait for them (issue 28: a like no longer holds up the liker's map pans).
   */
  const likeFences = new Map<string, number>();
  let throughFence = 0;
  const fencesOut = new Map<number, number>(); // n → sent at (ms); insertion order is n order
  const fencesThrough = new Set<number>();
  const waiters = new Set<Waiter>();

  const contentStatement = prepareRows(
    database,
    'story_index_content',
    {
      toSQL: () => ({
        sql: `SELECT id, content, audio_key, image_key, thumbnail_key, video_key, tiktok_url, tiktok_video_id
              FROM stories
              WHERE id = ANY($1::uuid[]) AND ((is_public AND hidden_at IS NULL) OR author_id = $2::uuid)`,
        params: [sql.placeholder('ids'), sql.placeholder('viewerId')],
      }),
    },
    ['id', 'content', 'audioKey', 'imageKey', 'thumbnailKey', 'videoKey', 'tiktokUrl', 'tiktokVideoId'],
  ) satisfies PreparedRows;
  const likedStatement = prepareRows(
    database,
    'story_index_liked',
    {
      toSQL: () => ({
        sql: `SELECT story_id FROM likes WHERE user_id = $1::uuid LIMIT ${MAX_LIKED_PER_READER + 1}`,
        params: [sql.placeholder('userId')],
      }),
    },
    ['storyId'],
  );
  const likedAmongStatement = prepareRows(
    database,
    'story_index_liked_among',
    {
      toSQL: () => ({
        sql: `SELECT story_id FROM likes WHERE user_id = $1::uuid AND story_id = ANY($2::uuid[])`,
        params: [sql.placeholder('userId'), sql.placeholder('ids')],
      }),
    },
    ['storyId'],
  );
  const liked = createLikedSets();

  // ---------------------------------------------------------------------------------------------------------
  // The queue.

  const enqueue = (task: Task) => {
    queue.push({ seq: ++enqueuedSeq, task });
    if (!draining) void drain();
  };

  async function drain() {
    draining = true;
    try {
      while (queue.length > 0 && !closed) {
        const { seq, task } = queue[0]!;
        // Consecutive story notifications are fetched together.
        if (task.kind === 'stories') {
          const ids = new Set<string>();
          let last = seq;
          while (queue.length > 0 && queue[0]!.task.kind === 'stories' && ids.size < 1_000) {
            const next = queue.shift()!;
            for (const id of (next.task as { ids: string[] }).ids) ids.add(id);
            last = next.seq;
          }
          await runTask(() => refreshStories([...ids]));
          appliedSeq = last;
        } else {
          queue.shift();
          await runTask(() => apply(task), task.kind === 'load');
          appliedSeq = seq;
        }
        wakeWaiters();
      }
    } finally {
      draining = false;
    }
  }

  /**
   * A task that fails (the database away) leaves the index untrusted until a reconciliation succeeds; a failed
   * load is tried again a little later.
   */
  async function runTask(work: () => Promise<void>, isLoad = false) {
    try {
      await work();
    } catch (error) {
      if (closed) return;
      log?.warn({ err: error }, 'story index: the database could not be read; trying again');
      if (isLoad) setTimeout(() => enqueue({ kind: 'load' }), RETRY_LOAD_MS).unref();
      else distrust();
    }
  }

  async function apply(task: Exclude<Task, { kind: 'stories' }>) {
    switch (task.kind) {
      case 'load':
        return load();
      case 'reconcile':
        return reconcile(task.catchUp);
      case 'author':
        return refreshAuthors([task.id]);
      case 'likes':
        return liked.forget(task.userIds);
      case 'fence':
        fencesOut.delete(task.n);
        fencesThrough.add(task.n);
        while (fencesThrough.delete(throughFence + 1)) throughFence++;
        return;
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Loading and refreshing.

  async function load() {
    cards.clear();
    let after = '00000000-0000-0000-0000-000000000000';
    let first = true;
    for (;;) {
      const rows = await cardRows(
        sql`SELECT ${CARD_COLUMNS} FROM stories WHERE ${first ? sql`id >= ${after}::uuid` : sql`id > ${after}::uuid`} ORDER BY id LIMIT ${loadBatch}`,
      );
      first = false;
      for (const row of rows) cards.upsert(cardOf(row), true);
      if (rows.length < loadBatch) break;
      after = rows[rows.length - 1]![0] as string;
      // Let requests in between batches (they are served from SQL meanwhile).
      await new Promise((resolve) => setImmediate(resolve));
    }
    cards.rebuild();
    await refreshAuthors(cards.authorIds().filter((id) => !authorNames.has(id)));
    loaded = true;
    log?.info({ stories: cards.size, ms: Math.round(performance.now() - startedAt) }, 'story index ready');
  }

  async function refreshStories(ids: string[]) {
    const rows = await cardRows(sql`SELECT ${CARD_COLUMNS} FROM stories WHERE id = ANY(${toUuidArray(ids)}::uuid[])`);
    const found = new Set<string>();
    for (const row of rows) {
      const card = cardOf(row);
      found.add(card.id);
      cards.upsert(card);
    }
    for (const id of ids) if (!found.has(id)) cards.delete(id);
    const authors = missingAuthors(found);
    if (authors.length) await refreshAuthors(authors);
  }

  function missingAuthors(ids: Iterable<string>): string[] {
    const missing = new Set<string>();
    for (const id of ids) {
      const authorId = cards.get(id)?.authorId;
      if (authorId && !authorNames.has(authorId)) missing.add(authorId);
    }
    return [...missing];
  }

  async function refreshAuthors(ids: string[]) {
    for (let i = 0; i < ids.length; i += 1_000) {
      const batch = ids.slice(i, i + 1_000);
      const rows = await database.query<{ id: string; display_name: string | null }>(
        sql`SELECT id, display_name FROM users WHERE id = ANY(${toUuidArray(batch)}::uuid[])`,
      );
      const names = new Map(rows.map((r) => [r.id, r.display_name]));
      for (const id of batch) {
        // A deleted author's stories go with them (ON DELETE CASCADE), each NOTIFYing its own deletion.
        if (names.has(id)) authorNames.set(id, names.get(id)!);
        else authorNames.delete(id);
      }
    }
  }

  /**
   * Compares each id range's story count and revision sum with the table's and reloads the ranges that differ.
   * `catchUp`: the index was untrusted (bulk statement, lost fence, failed task); reads return to it after this.
   */
  async function reconcile(catchUp: boolean) {
    const started = performance.now();
    const rows = await database.query<{ range: number; count: number; revision_sum: string }>(sql`
      SELECT get_byte(uuid_send(id), 0) AS range, count(*)::int AS count, sum(revision)::text AS revision_sum
      FROM stories GROUP BY 1`);
    const table = new Map(rows.map((r) => [r.range, r]));
    let reloaded = 0;
    for (let range = 0; range < ID_RANGES; range++) {
      const mine = cards.rangeSums(range);
      const theirs = table.get(range);
      if ((theirs?.count ?? 0) === mine.count && Number(theirs?.revision_sum ?? 0) === mine.revisionSum) continue;
      await reloadRange(range);
      reloaded++;
    }
    await refreshAuthors([...authorNames.keys()]);
    if (catchUp) trusted = true;
    log?.info({ reloadedRanges: reloaded, ms: Math.round(performance.now() - started) }, 'story index reconciled');
  }

  async function reloadRange(range: number) {
    const lower = `${range.toString(16).padStart(2, '0')}000000-0000-0000-0000-000000000000`;
    const upper = range + 1 < ID_RANGES ? `${(range + 1).toString(16).padStart(2, '0')}000000-0000-0000-0000-000000000000` : null;
    const rows = await cardRows(
      sql`SELECT ${CARD_COLUMNS} FROM stories WHERE id >= ${lower}::uuid ${upper ? sql`AND id < ${upper}::uuid` : sql``}`,
    );
    const present = new Set<string>();
    for (const row of rows) {
      const card = cardOf(row);
      present.add(card.id);
      cards.upsert(card);
    }
    const gone = [...cards.storyIds()].filter((id) => idRangeOf(id) === range && !present.has(id));
    for (const id of gone) cards.delete(id);
    const authors = missingAuthors(present);
    if (authors.length) await refreshAuthors(authors);
  }

  async function cardRows(query: ReturnType<typeof sql>): Promise<unknown[][]> {
    const rows = await database.query<Record<string, unknown>>(query);
    // Raw rows come back as objects keyed by column name; the card needs them in CARD_COLUMNS' order.
    return rows.map((row) => Object.values(row));
  }

  /** Reads go to SQL until a reconciliation has brought the index back in step. */
  function distrust() {
    trusted = false;
    if (!queue.some((q) => q.task.kind === 'reconcile' && q.task.catchUp)) enqueue({ kind: 'reconcile', catchUp: true });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Fences and the lag watch.

  function sendFence(): number {
    const n = ++fenceSent;
    fencesOut.set(n, performance.now());
    database.query(sql`SELECT pg_notify(${STORY_CHANGE_CHANNEL}, ${`fence:${instance}:${n}`})`).catch(() => {
      // The database is away: the fence stays out, the lag watch sends reads to SQL (which answers 503).
    });
    return n;
  }

  function watchLag() {
    const oldest = fencesOut.entries().next().value;
    // While loading, fences wait behind the load in the queue: late, not lost.
    if (!loaded || !oldest || performance.now() - oldest[1] < lostMs) return;
    // Lost (the LISTEN connection dropped, or the database was away): whatever it would have carried is unknown.
    log?.warn({ fence: oldest[0] }, 'story index: a fence was lost; reconciling');
    for (const n of fencesOut.keys()) fencesThrough.add(n);
    fencesOut.clear();
    while (fencesThrough.delete(throughFence + 1)) throughFence++;
    distrust();
    wakeWaiters();
  }

  function lagging(): boolean {
    const oldest = fencesOut.values().next().value;
    return oldest !== undefined && performance.now() - oldest > lagMs;
  }

  function caughtUp(taskSeq: number, fence: number) {
    return appliedSeq >= taskSeq && throughFence >= fence;
  }

  function wakeWaiters() {
    for (const waiter of waiters) {
      if (serving() && caughtUp(waiter.taskSeq, waiter.fence)) {
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve(true);
      } else if (!serving()) {
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve(false);
      }
    }
  }

  /**
   * The fence a reader's own latest write sent, 0 when it is through (entries are dropped once through); likes
   * count only for a read that shows them (`details`).
   */
  function ownWriteFence(readerKeys: readonly (string | null | undefined)[], details: boolean): number {
    let fence = 0;
    for (const fences of details ? [writeFences, likeFences] : [writeFences]) {
      for (const key of readerKeys) {
        const n = key ? fences.get(key) : undefined;
        if (n === undefined) continue;
        if (n <= throughFence) fences.delete(key!);
        else fence = Math.max(fence, n);
      }
    }
    return fence;
  }

  /**
   * Whether the index may answer a read starting now: ready, not lagging, through every change already notified,
   * and through the fence of this reader's own latest write (`readerKeys`: its user id and address).
   */
  function readyForRead(readerKeys: readonly (string | null | undefined)[], details: boolean): boolean | Promise<boolean> {
    if (!serving() || lagging()) return false;
    const taskSeq = enqueuedSeq;
    const fence = consistency === 'every-read' ? sendFence() : ownWriteFence(readerKeys, details);
    if (caughtUp(taskSeq, fence)) return true;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        taskSeq,
        fence,
        resolve,
        timer: setTimeout(() => {
          waiters.delete(waiter);
          resolve(false);
        }, readWaitMs),
      };
      waiters.add(waiter);
    });
  }

  /**
   * The chosen cards as StoryRecords. Content and media keys only within unlock reach of the read's point or for
   * the viewer's own stories, as the SQL ships them (1 m of slack for the sphere), fetched with the viewer's likes.
   */
  async function withDetails(chosen: NearestCard[], viewerId: string | null, withContent = true): Promise<StoryRecord[]> {
    if (chosen.length === 0) return [];
    // A marker-only answer (the lean map call) sends neither content nor likes: nothing to fetch.
    if (!withContent) return chosen.map(({ card }) => recordOf(card, authorNames.get(card.authorId) ?? null, undefined));
    const reach = new Set(
      chosen.filter((n) => n.card.authorId === viewerId || n.distance <= UNLOCK_RADIUS_M + 1).map((n) => n.card.id),
    );
    const [details, likedByViewer] = await Promise.all([
      reach.size > 0 ? contentStatement.execute({ ids: [...reach], viewerId }) : [],
      viewerId ? liked.of(viewerId, chosen.map((n) => n.card.id)) : null,
    ]);
    const detailById = new Map(details.map((row) => [row.id as string, row]));
    const records: StoryRecord[] = [];
    for (const { card } of chosen) {
      const detail = detailById.get(card.id);
      // Fetched but gone, or no longer visible to this viewer: not in the answer.
      if (!detail && reach.has(card.id)) continue;
      const record = recordOf(card, authorNames.get(card.authorId) ?? null, detail);
      record.likedByMe = likedByViewer?.has(card.id) ?? false;
      records.push(record);
    }
    return records;
  }

  /**
   * The stories each recent signed-in reader has liked (likedByMe), loaded at their first read and forgotten when
   * the likes trigger says theirs changed; a reader with very many likes is asked about each read's stories.
   */
  function createLikedSets() {
    const sets = new Map<string, Set<string>>();
    const askEachTime = new Set<string>();
    /** Bumped by every change of anyone's likes: a load that saw one meanwhile is used once, not kept. */
    let changes = 0;
    return {
      async of(userId: string, storyIds: string[]): Promise<Set<string>> {
        const cached = sets.get(userId);
        if (cached) {
          // Map order as recency: a hit moves to the end.
          sets.delete(userId);
          sets.set(userId, cached);
          return cached;
        }
        if (askEachTime.has(userId)) {
          const rows = await likedAmongStatement.execute({ userId, ids: storyIds });
          return new Set(rows.map((r) => r.storyId as string));
        }
        const before = changes;
        const rows = await likedStatement.execute({ userId });
        if (rows.length > MAX_LIKED_PER_READER) {
          askEachTime.add(userId);
          return this.of(userId, storyIds);
        }
        const set = new Set(rows.map((r) => r.storyId as string));
        if (before === changes) {
          sets.set(userId, set);
          while (sets.size > MAX_LIKED_READERS) sets.delete(sets.keys().next().value!);
        }
        return set;
      },
      forget(userIds: string[] | '*') {
        changes++;
        if (userIds === '*') sets.clear();
        else for (const id of userIds) sets.delete(id);
      },
    };
  }

  // ---------------------------------------------------------------------------------------------------------
  // Start.

  const stopStories = await database.listen(STORY_CHANGE_CHANNEL, (payload) => {
    if (closed) return;
    if (payload.startsWith('fence:')) {
      const [, from, n] = payload.split(':');
      if (from === instance) enqueue({ kind: 'fence', n: Number(n) });
    } else if (payload.startsWith('likes:')) {
      const users = payload.slice('likes:'.length);
      enqueue({ kind: 'likes', userIds: users === '*' ? '*' : users.split(',') });
    } else if (payload === '*') {
      distrust();
    } else {
      enqueue({ kind: 'stories', ids: payload.split(',') });
    }
  });
  const stopUsers = await database.listen(SESSION_CHANGE_CHANNEL, (userId) => {
    if (!closed && authorNames.has(userId)) enqueue({ kind: 'author', id: userId });
  });
  enqueue({ kind: 'load' });

  const heartbeat = setInterval(() => {
    watchLag();
    if (loaded && fencesOut.size === 0) sendFence();
  }, options.heartbeatMs ?? 1_000);
  heartbeat.unref();
  const reconciler = setInterval(() => {
    if (serving()) enqueue({ kind: 'reconcile', catchUp: false });
  }, options.reconcileMs ?? 5 * 60_000);
  reconciler.unref();

  return {
    get state(): StoryIndexState {
      if (closed) return 'closed';
      if (!loaded) return 'warming';
      return serving() && !lagging() ? 'ready' : 'catching-up';
    },
    get size() {
      return cards.size;
    },

    /**
     * After a write of this instance (plugin.ts): the writer's next reads (by user id or address) wait until the
     * index has it. Other readers see it as soon as its notification is through, milliseconds later.
     */
    fenceWrite(writerKeys: readonly (string | null | undefined)[], kind: 'stories' | 'likes' = 'stories') {
      if (closed) return;
      const n = sendFence();
      const fences = kind === 'likes' ? likeFences : writeFences;
      for (const key of writerKeys) if (key) fences.set(key, n);
    },

    /** Resolves once everything notified so far is applied (tests). */
    async settled(timeoutMs = 5_000): Promise<boolean> {
      const deadline = performance.now() + timeoutMs;
      const fence = sendFence();
      for (;;) {
        if (serving() && caughtUp(enqueuedSeq, fence) && !draining) return true;
        if (performance.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },

    /**
     * The nearby read from memory, as StoryRecords in the SQL's order; null when the index cannot answer it
     * exactly now (warming, catching up, lagging) and the caller should run the SQL.
     */
    async nearby(
      q: NearestQuery,
      readerKeys: readonly (string | null | undefined)[] = [q.viewerId],
      details = true,
    ): Promise<StoryRecord[] | null> {
      const ready = readyForRead(readerKeys, details);
      if (ready !== true && !(await ready)) return null;
      return withDetails(cards.nearest(q), q.viewerId, details);
    },

    /** The viewport read from memory (storyQueries.inBox's rows and order); null: run the SQL. */
    async inBox(
      q: { box: BoundingBox; centre: Point; limit: number; viewerId: string | null; blockedAuthorIds?: readonly string[] },
      readerKeys: readonly (string | null | undefined)[] = [q.viewerId],
      details = true,
    ): Promise<StoryRecord[] | null> {
      const ready = readyForRead(readerKeys, details);
      if (ready !== true && !(await ready)) return null;
      return withDetails(cards.inBox(q.box, q.centre, q.limit, q.viewerId, q.blockedAuthorIds), q.viewerId, details);
    },

    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearInterval(reconciler);
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.resolve(false);
      }
      waiters.clear();
      await Promise.all([stopStories(), stopUsers()]);
    },
  };
}

function recordOf(card: StoryCard, authorDisplayName: string | null, detail: Record<string, unknown> | undefined): StoryRecord {
  const text = (key: string) => (detail?.[key] as string | null | undefined) ?? null;
  return {
    id: card.id,
    title: card.title,
    description: card.description,
    content: text('content'),
    audioKey: text('audioKey'),
    imageKey: text('imageKey'),
    thumbnailKey: text('thumbnailKey'),
    videoKey: text('videoKey'),
    tiktokUrl: text('tiktokUrl'),
    tiktokVideoId: text('tiktokVideoId'),
    duration: card.duration,
    wordCount: card.wordCount,
    latitude: card.latitude,
    longitude: card.longitude,
    category: card.category,
    type: card.type,
    authorId: card.authorId,
    likes: card.likes,
    isPublic: card.isPublic,
    timeRestriction: card.timeRestriction,
    unlockStartTime: card.unlockStartTime,
    unlockEndTime: card.unlockEndTime,
    unlockSeason: card.unlockSeason,
    unlockWeather: card.unlockWeather,
    createdAt: new Date(Math.floor(card.createdAtMicros / 1000)),
    authorDisplayName,
    likedByMe: (detail?.likedByMe as boolean | undefined) ?? false,
  };
}

/** A uuid[] literal's text; ids come from the database or from the trigger's payload, and are checked. */
function toUuidArray(ids: string[]): string {
  return `{${ids.filter(isUuid).join(',')}}`;
}
