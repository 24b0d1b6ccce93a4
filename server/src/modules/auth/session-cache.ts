/**
 * Resolved sessions kept in process for a few seconds, so a signed-in reader's every request (the nearby read
 * runs every few seconds per open app) does not also cost a session query: that round trip held a pooled
 * connection as long as a third of the nearby query itself (bench/README.md, "Signed-in readers").
 *
 * Never stale beyond what the database says: the `session_change` triggers (migration 0006) NOTIFY every
 * instance when a session ends or its user changes or is deleted, and each instance drops that user's entries;
 * a state-changing request drops its own user's entries before its answer leaves (session-plugin.ts), so the
 * next request of that browser is never served from before it. The TTL bounds what a lost notification (a
 * dropped LISTEN connection) could leave: a few seconds.
 */
import type { SessionUser } from './session-store';

export interface ResolvedSession {
  sessionId: string;
  user: SessionUser;
}

export interface SessionCacheOptions {
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  max: number;
  now?: () => number;
}

export function createSessionCache(options: SessionCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { session: ResolvedSession; expiresAt: number }>();
  const keysByUser = new Map<string, Set<string>>();

  const forget = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const keys = keysByUser.get(entry.session.user.id);
    keys?.delete(tokenHash);
    if (keys?.size === 0) keysByUser.delete(entry.session.user.id);
  };

  return {
    get(tokenHash: string): ResolvedSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        forget(tokenHash);
        return undefined;
      }
      return entry.session;
    },

    set(tokenHash: string, session: ResolvedSession) {
      forget(tokenHash);
      entries.set(tokenHash, { session, expiresAt: now() + options.ttlMs });
      const keys = keysByUser.get(session.user.id) ?? new Set<string>();
      keys.add(tokenHash);
      keysByUser.set(session.user.id, keys);
      // Map iteration is insertion order: the first key is the oldest entry.
      while (entries.size > options.max) forget(entries.keys().next().value!);
    },

    /** Drops every cached session of a user (signed out, reset, edited or deleted). */
    evictUser(userId: string) {
      for (const tokenHash of [...(keysByUser.get(userId) ?? [])]) forget(tokenHash);
    },

    evictToken(tokenHash: string) {
      forget(tokenHash);
    },

    clear() {
      entries.clear();
      keysByUser.clear();
    },

    get size() {
      return entries.size;
    },
  };
}
