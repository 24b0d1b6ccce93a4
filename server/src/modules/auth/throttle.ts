/**
 * Sliding-window throttling kept in the database (table throttle_events), so that several app instances
 * behind a load balancer count the same attempts. Each counted event is one row in a named bucket.
 */
import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { throttleEvents } from '../../db/schema';
import { tooManyRequests } from '../../lib/http-errors';

export interface ThrottleRule {
  /** Events allowed inside one window; the next attempt is refused. */
  limit: number;
  windowMs: number;
}

export interface ThrottleCheck {
  bucket: string;
  rule: ThrottleRule;
}

/**
 * Pure decision: given the newest events of a bucket (newest first, only those inside the window), is the
 * next attempt refused, and how long until one slot frees up?
 */
export function evaluateWindow(
  recentNewestFirst: readonly Date[],
  now: Date,
  rule: ThrottleRule,
): { blocked: boolean; retryAfterMs: number } {
  const inWindow = recentNewestFirst.filter((t) => now.getTime() - t.getTime() < rule.windowMs);
  if (inWindow.length < rule.limit) return { blocked: false, retryAfterMs: 0 };
  // A slot frees up when the limit-th newest event leaves the window.
  const oldestCounted = inWindow[rule.limit - 1]!;
  return { blocked: true, retryAfterMs: Math.max(1000, oldestCounted.getTime() + rule.windowMs - now.getTime()) };
}

/** "in 42 seconds", "in 1 minute", "in 15 minutes". */
export function describeRetry(retryAfterMs: number): string {
  const seconds = Math.ceil(retryAfterMs / 1000);
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Throws 429 (with Retry-After) when any of the buckets is full; `message` receives e.g. "in 3 minutes". */
export async function assertNotThrottled(
  db: Db,
  checks: readonly ThrottleCheck[],
  message: (retryIn: string) => string,
  now = new Date(),
): Promise<void> {
  let worstMs = 0;
  for (const { bucket, rule } of checks) {
    const rows = await db
      .select({ createdAt: throttleEvents.createdAt })
      .from(throttleEvents)
      .where(and(eq(throttleEvents.bucket, bucket), gt(throttleEvents.createdAt, new Date(now.getTime() - rule.windowMs))))
      .orderBy(desc(throttleEvents.createdAt))
      .limit(rule.limit);
    const decision = evaluateWindow(rows.map((r) => r.createdAt), now, rule);
    if (decision.blocked) worstMs = Math.max(worstMs, decision.retryAfterMs);
  }
  if (worstMs > 0) throw tooManyRequests(message(describeRetry(worstMs)), worstMs / 1000);
}

/** Events older than this are never counted by any rule; they are swept now and then. */
const RETENTION_MS = 24 * 3600 * 1000;
const SWEEP_PROBABILITY = 0.02;

/**
 * Counts one event in each bucket and drops that bucket's events that have left its window. Once in a while
 * it also sweeps old events of buckets that are never used again (addresses that never come back).
 */
export async function recordEvents(db: Db, checks: readonly ThrottleCheck[], now = new Date()): Promise<void> {
  if (checks.length === 0) return;
  await db.insert(throttleEvents).values(checks.map(({ bucket }) => ({ bucket, createdAt: now })));
  for (const { bucket, rule } of checks) {
    await db
      .delete(throttleEvents)
      .where(and(eq(throttleEvents.bucket, bucket), lt(throttleEvents.createdAt, new Date(now.getTime() - rule.windowMs))));
  }
  if (Math.random() < SWEEP_PROBABILITY) {
    await db.delete(throttleEvents).where(lt(throttleEvents.createdAt, new Date(now.getTime() - RETENTION_MS)));
  }
}

export async function clearBuckets(db: Db, buckets: readonly string[]): Promise<void> {
  if (buckets.length === 0) return;
  await db.delete(throttleEvents).where(inArray(throttleEvents.bucket, buckets));
}
