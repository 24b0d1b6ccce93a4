/**
 * Where the claim rules keep their short-lived state per reader (docs/design.md, rule 11): the last accepted
 * position, a running travel refusal, and the stories unlocked in the budget's sliding window. Never the
 * database, never a log line: entries expire (an hour) and the memory store is bounded. One instance uses the
 * in-memory store; several share the Redis-backed implementation (redis-reader-claim-store.ts) when REDIS_URL is set.
 */
import { LOCATION_CLAIM } from '#common/constants';
import type { ReaderClaimState } from './claim-rules';

export interface ReaderClaimStore {
  /** The reader's state, or an empty one when nothing is kept (or it expired). */
  getState(reader: string): Promise<ReaderClaimState>;
  /** Replaces the reader's state; it expires `ttlMs` after this write. */
  setState(reader: string, state: ReaderClaimState, ttlMs: number): Promise<void>;
  /** Story ids unlocked by this reader within the last `windowMs` (read it before the next write of this reader). */
  recentUnlocks(reader: string, windowMs: number): Promise<RecentUnlocks>;
  /** Adds story ids unlocked now (kept for `windowMs`; an id already there keeps its first time). */
  addUnlocks(reader: string, storyIds: readonly string[], windowMs: number): Promise<void>;
}

/** A reader's recent unlocks as the budget rule reads them (claim-rules.ts budgetVerdict). */
type RecentUnlocks = Pick<ReadonlySet<string>, 'has' | 'size'>;
const NO_UNLOCKS: RecentUnlocks = Object.freeze(new Set<string>());

export const EMPTY_CLAIM_STATE: ReaderClaimState = Object.freeze({ last: null, refusedUntil: null });

export interface MemoryStoreOptions {
  /** Clock in epoch ms (tests inject one to prove expiry). */
  now?: () => number;
  /** Readers kept at most per map; the least recently written go first. */
  maxReaders?: number;
}

/** A Map that forgets its oldest-written entries past `max` (re-writing an entry makes it the newest). */
class BoundedMap<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string) {
    return this.map.get(key);
  }
  set(key: string, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  delete(key: string) {
    this.map.delete(key);
  }
  get size() {
    return this.map.size;
  }
}

export function createMemoryReaderClaimStore(options: MemoryStoreOptions = {}): ReaderClaimStore & { size(): number } {
  const now = options.now ?? Date.now;
  const max = options.maxReaders ?? 100_000;
  const states = new BoundedMap<{ state: ReaderClaimState; expires: number }>(max);
  const windows = new BoundedMap<Map<string, number>>(max);

  const pruned = (reader: string, windowMs: number): Map<string, number> | undefined => {
    const window = windows.get(reader);
    if (!window) return undefined;
    const cutoff = now() - windowMs;
    // Oldest first (an id keeps its first time, added as the clock goes): stop at the first one still inside.
    for (const [id, at] of window) {
      if (at > cutoff) break;
      window.delete(id);
    }
    if (window.size === 0) windows.delete(reader);
    return window.size ? window : undefined;
  };

  return {
    async getState(reader) {
      const entry = states.get(reader);
      if (!entry) return EMPTY_CLAIM_STATE;
      if (entry.expires <= now()) {
        states.delete(reader);
        return EMPTY_CLAIM_STATE;
      }
      return entry.state;
    },
    async setState(reader, state, ttlMs) {
      states.set(reader, { state, expires: now() + ttlMs });
    },
    async recentUnlocks(reader, windowMs) {
      // The window itself, not a copy: a read decides its unlocks from it before its own commit (location-guard.ts).
      return pruned(reader, windowMs) ?? NO_UNLOCKS;
    },
    async addUnlocks(reader, storyIds, windowMs) {
      if (storyIds.length === 0) return;
      const window = pruned(reader, windowMs) ?? new Map<string, number>();
      const at = now();
      for (const id of storyIds) if (!window.has(id)) window.set(id, at);
      windows.set(reader, window);
    },
    size: () => states.size + windows.size,
  };
}

/** How long a reader's claim state is kept: the last position is only useful for the travel rule's hour. */
export const CLAIM_STATE_TTL_MS = LOCATION_CLAIM.claimTtlMs;
