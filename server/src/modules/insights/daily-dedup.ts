/**
 * "Has this reader already counted for this story, day and kind?" — the only per-reader state of the insights,
 * kept in the short-lived shared state (memory, or Redis with REDIS_URL) and never in the database. Keys are an
 * HMAC of reader, story, day and kind, so not even Redis holds a reader next to a story. The day is the story's
 * local day (closed-days.ts), which ends at most 12 h after the UTC day of the same date: each key expires 15 h
 * after that UTC day ends (within 48 h of the reader's event).
 */
import crypto from 'node:crypto';
import type { SharedState } from '../../shared-state/shared-state';

const DAY_MS = 24 * 60 * 60_000;
const GRACE_MS = 15 * 60 * 60_000;

export interface DailyDedup {
  /** True the first time this (reader, story, day, kind) is seen; false after. */
  first(readerKey: string, storyId: string, day: string, kind: string, now: number): Promise<boolean>;
}

export function createDailyDedup(state: SharedState, secret: string): DailyDedup {
  const key = crypto.createHmac('sha256', secret).update('insights-dedup').digest();
  return {
    async first(readerKey, storyId, day, kind, now) {
      const digest = crypto
        .createHmac('sha256', key)
        .update(`${readerKey}\n${storyId}\n${day}\n${kind}`)
        .digest('base64url');
      const endOfDay = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
      const ttl = Math.max(1, Math.ceil(endOfDay + GRACE_MS - now));
      const { count } = await state.increment(`insights:seen:${digest}`, ttl);
      return count === 1;
    },
  };
}

/** The UTC day of an instant, YYYY-MM-DD. */
export function utcDay(at: number | Date): string {
  return new Date(at).toISOString().slice(0, 10);
}
