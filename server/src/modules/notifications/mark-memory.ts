/**
 * What this process knows already exists in notification_marks, so a repeated read does not go to the database
 * (notification-service.ts). Only facts that cannot become false are kept as such: a mark, once there, stays
 * until its user or story is deleted (and then no read returns that story). Two softer facts expire:
 * "checked recently" (an opened time lock with no near-locked mark, re-checked after CHECK_TTL_MS, since another
 * instance may have written that mark) and when the user's last nearby group was made (so that the group step,
 * which locks a row, runs only when a group may be due).
 * Bounded: at most MAX_FACTS facts in all (~50 MB at worst); the least recently used users are forgotten first.
 */
import { NOTIFICATION_LIMITS } from '#common/notifications';
import type { MarkKind } from './notification-repository';

const MAX_FACTS = 500_000;
const CHECK_TTL_MS = 5 * 60_000;

/** A story's marks as bits: each signed-in nearby read asks for several per story (no key string made per ask). */
const MARK_BITS: Record<MarkKind, number> = { nearby: 1, unlocked: 2, near_locked: 4, time_locked: 8, liked: 16 };

interface UserMemory {
  /** Story id → the bits of its marks (MARK_BITS). */
  marks: Map<string, number>;
  markCount: number;
  checkedUntil: Map<string, number>;
  /** Whether the last group's time below came from the database (else the group step asks it). */
  groupKnown: boolean;
  lastGroupAt: number | null;
  /** Nearby finds wait for the next group (as far as this process knows). */
  pending: boolean;
}

export class MarkMemory {
  private readonly users = new Map<string, UserMemory>();
  private facts = 0;

  constructor(private readonly maxFacts = MAX_FACTS) {}

  private user(userId: string): UserMemory {
    let memory = this.users.get(userId);
    if (memory) {
      // Re-insert: Map order is the LRU order.
      this.users.delete(userId);
    } else {
      memory = {
        marks: new Map(),
        markCount: 0,
        checkedUntil: new Map(),
        groupKnown: false,
        lastGroupAt: null,
        pending: false,
      };
    }
    this.users.set(userId, memory);
    return memory;
  }

  /** One more fact was stored: forget least recently used users (never the current one) while over budget. */
  private grew(current: UserMemory) {
    this.facts++;
    for (const [userId, memory] of this.users) {
      if (this.facts <= this.maxFacts || memory === current) break;
      this.facts -= memory.markCount + memory.checkedUntil.size;
      this.users.delete(userId);
    }
  }

  /** How many facts are held (tests). */
  get size(): number {
    return this.facts;
  }

  has(userId: string, kind: MarkKind, storyId: string): boolean {
    return ((this.users.get(userId)?.marks.get(storyId) ?? 0) & MARK_BITS[kind]) !== 0;
  }

  add(userId: string, kind: MarkKind, storyId: string): void {
    const memory = this.user(userId);
    const bits = memory.marks.get(storyId) ?? 0;
    if (bits & MARK_BITS[kind]) return;
    memory.marks.set(storyId, bits | MARK_BITS[kind]);
    memory.markCount++;
    this.grew(memory);
    if (kind === 'near_locked' && memory.checkedUntil.delete(storyId)) this.facts--;
  }

  recentlyChecked(userId: string, storyId: string, now: Date): boolean {
    return (this.users.get(userId)?.checkedUntil.get(storyId) ?? 0) > now.getTime();
  }

  checked(userId: string, storyId: string, now: Date): void {
    const memory = this.user(userId);
    const known = memory.checkedUntil.has(storyId);
    memory.checkedUntil.set(storyId, now.getTime() + CHECK_TTL_MS);
    if (!known) this.grew(memory);
  }

  /**
   * What the database said about the user's nearby group: when the last one was made and how many finds wait.
   * Until an hour after that group, new finds simply wait (no need to ask the database again).
   */
  setGroup(userId: string, lastGroupAt: Date | null, pending: number): void {
    const memory = this.user(userId);
    memory.lastGroupAt = lastGroupAt?.getTime() ?? null;
    memory.groupKnown = true;
    memory.pending = pending > 0;
  }

  /**
   * Whether the group step must run: finds wait (`newPending` just now, or known before) and this process does
   * not know of a group made within the hour. Unknown users are asked once.
   */
  groupMayBeDue(userId: string, now: Date, newPending: number): boolean {
    const memory = this.users.get(userId);
    if (!memory?.groupKnown) return newPending > 0 || memory === undefined;
    if (newPending > 0) memory.pending = true;
    if (!memory.pending) return false;
    return (
      memory.lastGroupAt === null || now.getTime() - memory.lastGroupAt >= NOTIFICATION_LIMITS.nearbyGroupIntervalMs
    );
  }
}
