import { describe, expect, it } from 'vitest';
import { createSessionCache, type ResolvedSession } from './session-cache';
import type { SessionUser } from './session-store';

const session = (userId: string, sessionId = `s-${userId}`): ResolvedSession => ({
  sessionId,
  user: { id: userId, username: userId } as SessionUser,
});

describe('session cache', () => {
  it('answers within its TTL and forgets after it', () => {
    const clock = { now: 0 };
    const cache = createSessionCache({ ttlMs: 10_000, max: 10, now: () => clock.now });
    cache.set('h1', session('u1'));
    clock.now = 9_999;
    expect(cache.get('h1')?.user.id).toBe('u1');
    clock.now = 10_000;
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops every session of a user at once, and only theirs', () => {
    const cache = createSessionCache({ ttlMs: 10_000, max: 10 });
    cache.set('phone', session('u1', 'a'));
    cache.set('laptop', session('u1', 'b'));
    cache.set('other', session('u2'));
    cache.evictUser('u1');
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')?.user.id).toBe('u2');
    cache.evictToken('other');
    expect(cache.size).toBe(0);
  });

  it('is bounded: the oldest entries go first', () => {
    const cache = createSessionCache({ ttlMs: 10_000, max: 2 });
    cache.set('h1', session('u1'));
    cache.set('h2', session('u2'));
    cache.set('h3', session('u3'));
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(2);
    // An evicted-by-size entry leaves no trace in the per-user index either.
    cache.evictUser('u1');
    expect(cache.get('h2')?.user.id).toBe('u2');
  });
});
