/**
 * Throttling kept in the database (table throttle_events), so that several app instances behind a load balancer
 * count the same attempts. Each counted event is one row in a named bucket. Two kinds of rule:
 * - a sliding window (`limit` events per `windowMs`; the next one is refused until the oldest counted leaves);
 * - a growing delay (`freeFailures` events without delay, then a wait that doubles with each further event,
 *   up to `maxDelayMs`; events are remembered for `windowMs`).
 *
 * An attempt is counted *before* the work it guards (`admit` writes its event first, then judges the bucket
 * without it), so parallel attempts see each other and none slips past the limit while the others hash.
 */
import { and, desc, eq, gt, inArray, like, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { throttleEvents } from '../../db/schema';
import { tooManyRequests } from '../../lib/http-errors';
import type { BackoffRule, WindowRule } from '../../lib/limit-settings';

export type { BackoffRule, WindowRule } from '../../lib/limit-settings';

type ThrottleRule = WindowRule | BackoffRule;

export interface ThrottleCheck {
  bucket: string;
  rule: ThrottleRule;
}

export interface ThrottleDecision {
  blocked: boolean;
  retryAfterMs: number;
}

const isBackoff = (rule: ThrottleRule): rule is BackoffRule => 'freeFailures' in rule;

/**
 * Pure decision: given the newest events of a bucket (newest first, only those inside the window), is the
 * next attempt refused, and how long until one slot frees up?
 */
export function evaluateWindow(recentNewestFirst: readonly Date[], now: Date, rule: WindowRule): ThrottleDecision {
  const inWindow = recentNewestFirst.filter((t) => now.getTime() - t.getTime() < rule.windowMs);
  if (inWindow.length < rule.limit) return { blocked: false, retryAfterMs: 0 };
  // A slot frees up when the limit-th newest event leaves the window.
  const oldestCounted = inWindow[rule.limit - 1]!;
  return { blocked: true, retryAfterMs: Math.max(1000, oldestCounted.getTime() + rule.windowMs - now.getTime()) };
}

/** The wait a bucket with `events` remembered events asks for after its newest one. */
export function backoffDelayMs(events: number, rule: BackoffRule): number {
  if (events < rule.freeFailures) return 0;
  const doublings = Math.min(events - rule.freeFailures, 40);
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** doublings);
}

/** Pure decision for a growing delay: refused until the delay earned by the remembered events has passed. */
export function evaluateBackoff(recentNewestFirst: readonly Date[], now: Date, rule: BackoffRule): ThrottleDecision {
  const inWindow = recentNewestFirst.filter((t) => now.getTime() - t.getTime() < rule.windowMs);
  const newest = inWindow[0];
  if (!newest) return { blocked: false, retryAfterMs: 0 };
  const wait = newest.getTime() + backoffDelayMs(inWindow.length, rule) - now.getTime();
  return wait > 0 ? { blocked: true, retryAfterMs: Math.max(1000, wait) } : { blocked: false, retryAfterMs: 0 };
}

/** Events a decision needs to see: a window's limit, or enough to reach a delay's cap. */
const rowsNeeded = (rule: ThrottleRule) => (isBackoff(rule) ? rule.freeFailures + 42 : rule.limit);

/** "in 42 seconds", "in 1 minute", "in 15 minutes". */
export function describeRetry(retryAfterMs: number): string {
  const seconds = Math.ceil(retryAfterMs / 1000);
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Events older than this are never counted by any rule; they are swept now and then. */
const RETENTION_MS = 24 * 3600 * 1000;
const SWEEP_PROBABILITY = 0.02;

/**
 * Counts this attempt in every bucket, then judges each bucket by its *other* events. If any refuses, the
 * attempt's events are taken back (a refused attempt does not lengthen the wait) and 429 is thrown with
 * Retry-After; `message` receives e.g. "in 3 minutes". Returns the ids of the events written, so that a caller
 * may take them back when the attempt turns out not to count (a successful sign-in).
 */
export async function admit(
  db: Db,
  checks: readonly ThrottleCheck[],
  message: (retryIn: string) => string,
  now = new Date(),
): Promise<string[]> {
  if (checks.length === 0) return [];
  const own = (
    await db
      .insert(throttleEvents)
      .values(checks.map(({ bucket }) => ({ bucket, createdAt: now })))
      .returning({ id: throttleEvents.id })
  ).map((row) => row.id);
  let worstMs = 0;
  for (const { bucket, rule } of checks) {
    const rows = await db
      .select({ createdAt: throttleEvents.createdAt })
      .from(throttleEvents)
      .where(
        and(
          eq(throttleEvents.bucket, bucket),
          gt(throttleEvents.createdAt, new Date(now.getTime() - rule.windowMs)),
          notInArray(throttleEvents.id, own),
        ),
      )
      .orderBy(desc(throttleEvents.createdAt))
      .limit(rowsNeeded(rule));
    const times = rows.map((r) => r.createdAt);
    const decision = isBackoff(rule) ? evaluateBackoff(times, now, rule) : evaluateWindow(times, now, rule);
    if (decision.blocked) worstMs = Math.max(worstMs, decision.retryAfterMs);
  }
  if (worstMs > 0) {
    await forget(db, own);
    throw tooManyRequests(message(describeRetry(worstMs)), worstMs / 1000);
  }
  await dropExpired(db, checks, now);
  return own;
}

/** Drops the checked buckets' events that have left their window; once in a while, every bucket's old events. */
async function dropExpired(db: Db, checks: readonly ThrottleCheck[], now: Date): Promise<void> {
  for (const { bucket, rule } of checks) {
    await db
      .delete(throttleEvents)
      .where(
        and(eq(throttleEvents.bucket, bucket), lt(throttleEvents.createdAt, new Date(now.getTime() - rule.windowMs))),
      );
  }
  // Buckets that are never used again (addresses that never come back).
  if (Math.random() < SWEEP_PROBABILITY) {
    await db.delete(throttleEvents).where(lt(throttleEvents.createdAt, new Date(now.getTime() - RETENTION_MS)));
  }
}

/** Takes back events written by `admit`. */
export async function forget(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(throttleEvents).where(inArray(throttleEvents.id, [...ids]));
}

export async function clearBuckets(db: Db, buckets: readonly string[]): Promise<void> {
  if (buckets.length === 0) return;
  await db.delete(throttleEvents).where(inArray(throttleEvents.bucket, buckets));
}

/** The buckets whose name starts with `prefix` (usernames may hold `_`, a LIKE wildcard). */
export const bucketStartsWith = (prefix: string) =>
  like(throttleEvents.bucket, `${prefix.replace(/[\\%_]/g, '\\$&')}%`);

/** Clears every bucket whose name starts with `prefix` (e.g. all addresses' failures of one username). */
export async function clearBucketsStartingWith(db: Db, prefix: string): Promise<void> {
  await db.delete(throttleEvents).where(bucketStartsWith(prefix));
}
