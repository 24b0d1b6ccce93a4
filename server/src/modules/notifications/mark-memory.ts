/**
 * What this process knows already exists in notification_marks, so a repeated read does not go to the database
 * (notification-service.ts). Only facts that cannot become false are kept as such: a mark, once there, stays
 * until its user or story is deleted (and then no read returns that story). Two softer facts expire:
 * "checked recently" (an opened time lock with no near-locked mark, re-checked after CHECK_TTL_MS, since another
 * instance may have written that mark) and when pending nearby finds are due to be announced.
 * Bounded: least recently used users are forgotten first, and a user's set is dropped when it grows too large.
 */
import { NOTIFICATION_LIMITS } from '#common/notifications';

const MAX_USERS = 10_000;
const MAX_MARKS_PER_USER = 5_000;
const CHECK_TTL_MS = 5 * 60_000;

interface UserMemory {
  marks: Set<string>;
  checkedUntil: Map<string, number>;
  /** When the pending nearby finds may be announced, or null when none are pending (as far as we know). */
  pendingDueAt: number | null;
}

export class MarkMemory {
  private readonly users = new Map<string, UserMemory>();

  private user(userId: string): UserMemory {
    let memory = this.users.get(userId);
    if (memory) {
      // Re-insert: Map order is the LRU order.
      this.users.delete(userId);
    } else {
      memory = { marks: new Set(), checkedUntil: new Map(), pendingDueAt: null };
      if (this.users.size >= MAX_USERS) this.users.delete(this.users.keys().next().value!);
    }
    this.users.set(userId, memory);
    return memory;
  }

  has(userId: string, kind: string, storyId: string): boolean {
    return this.users.get(userId)?.marks.has(`${kind}:${storyId}`) ?? false;
  }

  add(userId: string, kind: string, storyId: string): void {
    const memory = this.user(userId);
    if (memory.marks.size >= MAX_MARKS_PER_USER) memory.marks.clear();
    memory.marks.add(`${kind}:${storyId}`);
    if (kind === 'near_locked') memory.checkedUntil.delete(storyId);
  }

  recentlyChecked(userId: string, storyId: string, now: Date): boolean {
    return (this.users.get(userId)?.checkedUntil.get(storyId) ?? 0) > now.getTime();
  }

  checked(userId: string, storyId: string, now: Date): void {
    const memory = this.user(userId);
    if (memory.checkedUntil.size >= MAX_MARKS_PER_USER) memory.checkedUntil.clear();
    memory.checkedUntil.set(storyId, now.getTime() + CHECK_TTL_MS);
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
