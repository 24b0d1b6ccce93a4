/**
 * The story index's change feed and fences (docs/decisions/009-story-index.md):
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
 * - Trust: a bulk statement, a lost fence (a dropped LISTEN connection loses the notifications sent meanwhile) or a
 *   failed task sends reads to SQL until a reconciliation has run; one also runs every `reconcileMs`.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SESSION_CHANGE_CHANNEL } from '../../auth';
import { STORY_CHANGE_CHANNEL, type StoryIndexRepository } from './story-index-repository';
import { fenceMessage, storyChangeOf, type StoryChange } from './change-messages';

const RETRY_LOAD_MS = 2_000;

/** What the queue runs: the loader's work and the reader caches' forgetting. */
export interface IndexTasks {
  load(): Promise<void>;
  reconcile(): Promise<void>;
  refreshStories(ids: string[]): Promise<void>;
  refreshAuthors(ids: string[]): Promise<void>;
  forgetLikes(userIds: string[] | '*'): void;
  forgetBlocks(userIds: string[] | '*'): void;
  /** Whether a display name is held for this user (a rename of anyone else is not the index's business). */
  knowsAuthor(userId: string): boolean;
}

export interface ChangeFeedOptions {
  /** 'writes': reads wait for the fences of this instance's writes; 'every-read': each read sends its own. */
  consistency: 'writes' | 'every-read';
  /** A fence not back within this time sends reads to SQL. */
  lagMs: number;
  /** A fence not back within this time is taken as lost: the index reconciles. */
  lostMs: number;
  /** The longest a read waits for the index to catch up before it goes to SQL instead. */
  readWaitMs: number;
  heartbeatMs: number;
  reconcileMs: number;
  log?: FastifyBaseLogger;
}

type Task = { kind: 'load' } | { kind: 'reconcile'; catchUp: boolean } | { kind: 'author'; id: string } | StoryChange;

interface Waiter {
  taskSeq: number;
  fence: number;
  resolve: (caughtUp: boolean) => void;
  timer: NodeJS.Timeout;
}

type ReaderKeys = readonly (string | null | undefined)[];

/**
 * How reads were answered since start: from the index, or sent to SQL because the index was not serving (warming,
 * distrusted), because the feed lagged (a fence out longer than `lagMs`), or because the reader's own write was
 * not through within `readWaitMs`.
 */
export interface ReadTallies {
  index: number;
  notServing: number;
  lagging: number;
  ownWriteLate: number;
}

export async function startChangeFeed(
  repository: Pick<StoryIndexRepository, 'listen' | 'notifyFence'>,
  tasks: IndexTasks,
  options: ChangeFeedOptions,
) {
  const { log } = options;
  const instance = crypto.randomUUID().slice(0, 8);
  let loaded = false;
  /** False from a bulk statement, a lost fence or a failed change until a reconciliation has run. */
  let trusted = true;
  let closed = false;
  /** Whether reads may be answered from memory (lag aside). */
  const serving = () => loaded && trusted && !closed;

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
   * show, so only reads with details wait for them (bench/README.md: a like no longer holds up the liker's map pans).
   */
  const likeFences = new Map<string, number>();
  let throughFence = 0;
  const fencesOut = new Map<number, number>(); // n → sent at (ms); insertion order is n order
  const fencesThrough = new Set<number>();
  const waiters = new Set<Waiter>();

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
        // Consecutive story notifications are fetched together, with the fences between them: every write sends a
        // fence after its change, so a queue that falls behind alternates the two, and one fetch per write left the
        // fences late, which sent the writers' reads to SQL (bench/README.md, bench/README.md "Mixed load: the first
        // seconds"). A fence means "everything notified before me is applied": true of the whole run once fetched.
        if (task.kind === 'stories' || task.kind === 'fence') {
          const ids = new Set<string>();
          const fences: number[] = [];
          let last = seq;
          while (queue.length > 0 && ids.size < 1_000) {
            const next = queue[0]!.task;
            if (next.kind === 'stories') for (const id of next.ids) ids.add(id);
            else if (next.kind === 'fence') fences.push(next.n);
            else break;
            last = queue.shift()!.seq;
          }
          if (ids.size > 0) await runTask(() => tasks.refreshStories([...ids]));
          for (const n of fences) passFence(n);
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

  async function apply(task: Exclude<Task, { kind: 'stories' | 'fence' }>): Promise<void> {
    switch (task.kind) {
      case 'load':
        await tasks.load();
        loaded = true;
        return;
      case 'reconcile':
        await tasks.reconcile();
        // The index was untrusted (bulk statement, lost fence, failed task): reads return to it now.
        if (task.catchUp) trusted = true;
        return;
      case 'author':
        return tasks.refreshAuthors([task.id]);
      case 'likes':
        return tasks.forgetLikes(task.userIds);
      case 'blocks':
        return tasks.forgetBlocks(task.userIds);
    }
  }

  /** Fence n has come through the queue: everything notified before it is applied. */
  function passFence(n: number) {
    fencesOut.delete(n);
    fencesThrough.add(n);
    while (fencesThrough.delete(throughFence + 1)) throughFence++;
  }

  /** Reads go to SQL until a reconciliation has brought the index back in step. */
  function distrust() {
    trusted = false;
    if (!queue.some((q) => q.task.kind === 'reconcile' && q.task.catchUp))
      enqueue({ kind: 'reconcile', catchUp: true });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Fences and the lag watch.

  function sendFence(): number {
    const n = ++fenceSent;
    fencesOut.set(n, performance.now());
    repository.notifyFence(fenceMessage(instance, n)).catch(() => {
      // The database is away: the fence stays out, the lag watch sends reads to SQL (which answers 503).
    });
    return n;
  }

  function watchLag() {
    const oldest = fencesOut.entries().next().value;
    // While loading, fences wait behind the load in the queue: late, not lost.
    if (!loaded || !oldest || performance.now() - oldest[1] < options.lostMs) return;
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
    return oldest !== undefined && performance.now() - oldest > options.lagMs;
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
  function ownWriteFence(readerKeys: ReaderKeys, details: boolean): number {
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

  // ---------------------------------------------------------------------------------------------------------
  // Start.

  const stopStories = await repository.listen(STORY_CHANGE_CHANNEL, (payload) => {
    if (closed) return;
    const change = storyChangeOf(payload, instance);
    if (change === 'bulk') distrust();
    else if (change) enqueue(change);
  });
  const stopUsers = await repository.listen(SESSION_CHANGE_CHANNEL, (userId) => {
    if (!closed && tasks.knowsAuthor(userId)) enqueue({ kind: 'author', id: userId });
  });
  enqueue({ kind: 'load' });

  const heartbeat = setInterval(() => {
    watchLag();
    if (loaded && fencesOut.size === 0) sendFence();
  }, options.heartbeatMs);
  heartbeat.unref();
  const reconciler = setInterval(() => {
    if (serving()) enqueue({ kind: 'reconcile', catchUp: false });
  }, options.reconcileMs);
  reconciler.unref();

  const reads: ReadTallies = { index: 0, notServing: 0, lagging: 0, ownWriteLate: 0 };

  return {
    /** How reads were answered since start (a copy). */
    get reads(): ReadTallies {
      return { ...reads };
    },

    get state(): 'warming' | 'ready' | 'catching-up' | 'closed' {
      if (closed) return 'closed';
      if (!loaded) return 'warming';
      return serving() && !lagging() ? 'ready' : 'catching-up';
    },

    /**
     * Whether the index may answer a read starting now: ready, not lagging, through every change already notified,
     * and through the fence of this reader's own latest write (`readerKeys`: its user id and address).
     */
    readyForRead(readerKeys: ReaderKeys, details = true): boolean | Promise<boolean> {
      if (!serving()) {
        reads.notServing++;
        return false;
      }
      if (lagging()) {
        reads.lagging++;
        return false;
      }
      const taskSeq = enqueuedSeq;
      const fence = options.consistency === 'every-read' ? sendFence() : ownWriteFence(readerKeys, details);
      if (caughtUp(taskSeq, fence)) {
        reads.index++;
        return true;
      }
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          taskSeq,
          fence,
          resolve: (ready) => {
            if (ready) reads.index++;
            else if (serving()) reads.ownWriteLate++;
            else reads.notServing++;
            resolve(ready);
          },
          timer: setTimeout(() => {
            waiters.delete(waiter);
            waiter.resolve(false);
          }, options.readWaitMs),
        };
        waiters.add(waiter);
      });
    },

    /**
     * After a write of this instance: the writer's next reads (by user id or address) wait for this fence; a like's
     * fence (`likes`) only for reads that show likes.
     */
    fenceWrite(writerKeys: ReaderKeys, kind: 'stories' | 'likes' = 'stories') {
      if (closed) return;
      const n = sendFence();
      const fences = kind === 'likes' ? likeFences : writeFences;
      for (const key of writerKeys) if (key) fences.set(key, n);
    },

    /** Runs a reconciliation through the queue now; resolves with how long it took once it has run (bench). */
    reconcileNow(): Promise<number> {
      enqueue({ kind: 'reconcile', catchUp: false });
      const seq = enqueuedSeq;
      const started = performance.now();
      return new Promise((resolve) => {
        const check = () =>
          appliedSeq >= seq || closed ? resolve(performance.now() - started) : setTimeout(check, 10);
        check();
      });
    },

    /** Resolves once everything notified so far is applied (tests). */
    async settled(timeoutMs: number): Promise<boolean> {
      const deadline = performance.now() + timeoutMs;
      const fence = sendFence();
      for (;;) {
        if (serving() && caughtUp(enqueuedSeq, fence) && !draining) return true;
        if (performance.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
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
