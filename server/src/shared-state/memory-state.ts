/** SharedState in this process's memory: right for one instance (and PGlite, which is one process anyway). */
import { assertTtl, type SharedState } from './shared-state';

interface Entry {
  value: string;
  expiresAt: number;
}

export function createMemoryState(options: { now?: () => number; sweepEveryMs?: number } = {}): SharedState {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Expired keys nobody asks for again would otherwise stay forever.
  const sweeper = setInterval(() => {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
  }, options.sweepEveryMs ?? 60_000);
  sweeper.unref();

  return {
    kind: 'memory',
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      assertTtl(ttlMs);
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
    async increment(key, windowMs) {
      assertTtl(windowMs);
      const entry = live(key);
      if (!entry) {
        entries.set(key, { value: '1', expiresAt: now() + windowMs });
        return { count: 1, resetInMs: windowMs };
      }
      entry.value = String(Number(entry.value) + 1);
      return { count: Number(entry.value), resetInMs: entry.expiresAt - now() };
    },
    async ping() {},
    async close() {
      clearInterval(sweeper);
      entries.clear();
    },
  };
}
