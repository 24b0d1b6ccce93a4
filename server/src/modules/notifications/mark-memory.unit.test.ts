import { describe, expect, it } from 'vitest';
import { MarkMemory } from './mark-memory';

describe('MarkMemory', () => {
  it('remembers marks per user', () => {
    const memory = new MarkMemory();
    memory.add('u1', 'nearby', 's1');
    expect(memory.has('u1', 'nearby', 's1')).toBe(true);
    expect(memory.has('u1', 'unlocked', 's1')).toBe(false);
    expect(memory.has('u2', 'nearby', 's1')).toBe(false);
  });

  it('forgets the least recently used users first when over its budget', () => {
    const memory = new MarkMemory(3);
    memory.add('old', 'nearby', 'a');
    memory.add('recent', 'nearby', 'b');
    memory.add('old', 'nearby', 'c'); // 'old' is now the most recently used
    memory.add('new', 'nearby', 'd');
    expect(memory.has('recent', 'nearby', 'b')).toBe(false);
    expect(memory.has('old', 'nearby', 'a')).toBe(true);
    expect(memory.has('new', 'nearby', 'd')).toBe(true);
    expect(memory.size).toBe(3);
  });

  it('lets "checked" facts expire and a near-locked mark clear them', () => {
    const memory = new MarkMemory();
    const now = new Date('2026-11-23T12:00:00Z');
    memory.checked('u', 's', now);
    expect(memory.recentlyChecked('u', 's', now)).toBe(true);
    expect(memory.recentlyChecked('u', 's', new Date(now.getTime() + 6 * 60_000))).toBe(false);
    memory.add('u', 'near_locked', 's');
    expect(memory.recentlyChecked('u', 's', now)).toBe(false);
  });

  it('asks for the group when it may be due: unknown users, then an hour after the last group', () => {
    const memory = new MarkMemory();
    const last = new Date('2026-11-23T12:00:00Z');
    expect(memory.groupMayBeDue('u', last, 0)).toBe(true);
    memory.setGroup('u', last, 0);
    expect(memory.groupMayBeDue('u', new Date('2026-11-23T12:10:00Z'), 3)).toBe(false);
    expect(memory.groupMayBeDue('u', new Date('2026-11-23T13:00:00Z'), 0)).toBe(true);
    memory.setGroup('u', new Date('2026-11-23T13:00:00Z'), 0);
    expect(memory.groupMayBeDue('u', new Date('2026-11-23T15:00:00Z'), 0)).toBe(false);
    expect(memory.groupMayBeDue('u', new Date('2026-11-23T15:00:00Z'), 1)).toBe(true);
  });
});
