import { describe, expect, it } from 'vitest';
import { badgeText, timeAgo } from './badge';

describe('badgeText', () => {
  it('shows nothing at 0, the count up to 9, then 9+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('words recent times', () => {
    expect(timeAgo('2026-11-23T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T11:55:00Z', now)).toBe('5 min ago');
    expect(timeAgo('2026-11-23T09:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2026-11-21T12:00:00Z', now)).toBe('2 d ago');
  });
});
