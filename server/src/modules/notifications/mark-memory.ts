/**
 * What this process knows already exists in notification_marks, so a repeated read does not go to the database
 * (notification-service.ts). Only facts that cannot become false are kept as such: a mark, once there, stays
 * until its user or story is deleted (and then no read returns that story). Two softer facts expire:
 * "checked recently" (an opened time lock with no near-locked mark, re-checked after CHECK_TTL_MS, since another
 * instance may have written that mark) and when pending nearby finds are due to be announced.
 * Bounded: at most MAX_FACTS facts in all (~50 MB at worst); the least recently used users are forgotten first.
 */
import { NOTIFICATION_LIMITS } from '#common/notifications';

const MAX_FACTS = 500_000;
const CHECK_TTL_MS = 5 * 60_000;

interface UserMemory {
  marks: Set<string>;
  checkedUntil: Map<string, number>;
  /** When the pending nearby finds may be announced, or null when none are pending (as far as we know). */
  pendingDueAt: number | null;
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
      memory = { marks: new Set(), checkedUntil: new Map(), pendingDueAt: null };
    }
    this.users.set(userId, memory);
    return memory;
  }

  /** One more fact was stored: forget least recently used users (never the current one) while over budget. */
  private grew(current: UserMemory) {
    this.facts++;
    for (const [userId, memory] of this.users) {
      if (this.facts <= this.maxFacts || memory === current) break;
      this.facts -= memory.marks.size + memory.checkedUntil.size;
      this.users.delete(userId);
    }
  }

  /** How many facts are held (tests). */
  get size(): number {
    return this.facts;
  }

  has(userId: string, kind: string, storyId: string): boolean {
    return this.users.get(userId)?.marks.has(`${kind}:${storyId}`) ?? false;
  }

  add(userId: string, kind: string, storyId: string): void {
    const memory = this.user(userId);
    const key = `${kind}:${storyId}`;
    if (memory.marks.has(key)) return;
    memory.marks.add(key);
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

  setPending(userId: string, pending: number, lastGroupAt: Date | null): void {
    const memory = this.user(userId);
    memory.pendingDueAt =
      pending > 0 ? (lastGroupAt?.getTime() ?? 0) + NOTIFICATION_LIMITS.nearbyGroupIntervalMs : null;
  }

  groupDue(userId: string, now: Date): boolean {
    const due = this.users.get(userId)?.pendingDueAt ?? null;
    return due !== null && due <= now.getTime();
  }
}
