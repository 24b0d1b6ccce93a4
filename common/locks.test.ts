import { describe, expect, it } from 'vitest';
import { evaluateLock, isWithinWindow, localTimeParts, parseHHMM, seasonFor, type LockableStory } from './locks';
import { lockValuesFor } from './lock-kinds';

const base: LockableStory = {
  latitude: 32.08,
  timeRestriction: 'none',
  ...lockValuesFor('none', {}),
};
const NY = 'America/New_York';
// 2026-01-15 22:30 in New York (EST, UTC-5) is 03:30 UTC the next day.
const ny2230 = new Date('2026-01-16T03:30:00Z');
const input = (over: Partial<Parameters<typeof evaluateLock>[1]> = {}) => ({
  distance: 10,
  isAuthor: false,
  now: ny2230,
  timeZone: NY,
  ...over,
});

describe('parseHHMM', () => {
  it('reads valid times and refuses others', () => {
    expect(parseHHMM('00:00')).toBe(0);
    expect(parseHHMM('23:59')).toBe(1439);
    expect(parseHHMM('07:05')).toBe(425);
    for (const bad of ['24:00', '7:05', '12:60', '', null, undefined, '12:00:00']) expect(parseHHMM(bad)).toBeNull();
  });
});

describe('isWithinWindow', () => {
  it('includes both ends of a same-day window', () => {
    expect(isWithinWindow(9 * 60, 9 * 60, 17 * 60)).toBe(true);
    expect(isWithinWindow(17 * 60, 9 * 60, 17 * 60)).toBe(true);
    expect(isWithinWindow(17 * 60 + 1, 9 * 60, 17 * 60)).toBe(false);
    expect(isWithinWindow(8 * 60 + 59, 9 * 60, 17 * 60)).toBe(false);
  });

  it('handles windows crossing midnight (start after end)', () => {
    const start = 22 * 60;
    const end = 2 * 60;
    expect(isWithinWindow(23 * 60, start, end)).toBe(true);
    expect(isWithinWindow(0, start, end)).toBe(true);
    expect(isWithinWindow(2 * 60, start, end)).toBe(true);
    expect(isWithinWindow(2 * 60 + 1, start, end)).toBe(false);
    expect(isWithinWindow(12 * 60, start, end)).toBe(false);
    expect(isWithinWindow(21 * 60 + 59, start, end)).toBe(false);
  });
});

describe('localTimeParts', () => {
  it('reads the wall clock of the given zone, across a date line', () => {
    expect(localTimeParts(ny2230, NY)).toEqual({ minutes: 22 * 60 + 30, month: 1 });
    expect(localTimeParts(ny2230, 'UTC')).toEqual({ minutes: 3 * 60 + 30, month: 1 });
    expect(localTimeParts(new Date('2026-05-31T20:00:00Z'), 'Asia/Tokyo')).toEqual({ minutes: 5 * 60, month: 6 });
  });
});

describe('seasonFor', () => {
  it('uses meteorological seasons in the north', () => {
    expect([1, 3, 6, 9, 12].map((m) => seasonFor(m, 40))).toEqual(['winter', 'spring', 'summer', 'autumn', 'winter']);
  });
  it('flips them in the southern hemisphere', () => {
    expect([1, 3, 6, 9, 12].map((m) => seasonFor(m, -33.9))).toEqual([
      'summer',
      'autumn',
      'winter',
      'spring',
      'summer',
    ]);
  });
});

describe('evaluateLock', () => {
  it('locks by distance just over 100 m, not just under', () => {
    expect(evaluateLock(base, input({ distance: 99.9 }))).toEqual({ isLocked: false, lockReason: null });
    expect(evaluateLock(base, input({ distance: 100 }))).toEqual({ isLocked: false, lockReason: null });
    expect(evaluateLock(base, input({ distance: 100.1 }))).toEqual({ isLocked: true, lockReason: 'distance' });
    expect(evaluateLock(base, input({ distance: null }))).toEqual({ isLocked: true, lockReason: 'distance' });
  });

  it('always unlocks for the author', () => {
    const timed = {
      ...base,
      timeRestriction: 'time_of_day' as const,
      unlockStartTime: '06:00',
      unlockEndTime: '07:00',
    };
    expect(evaluateLock(timed, input({ distance: 5000, isAuthor: true }))).toEqual({
      isLocked: false,
      lockReason: null,
    });
    expect(evaluateLock(timed, input({ distance: null, isAuthor: true }))).toEqual({
      isLocked: false,
      lockReason: null,
    });
  });

  it('evaluates time windows in the story time zone, crossing midnight', () => {
    const crossing = {
      ...base,
      timeRestriction: 'time_of_day' as const,
      unlockStartTime: '22:00',
      unlockEndTime: '02:00',
    };
    expect(evaluateLock(crossing, input())).toEqual({ isLocked: false, lockReason: null });
    // Same instant, but the story sits in Tokyo where it is 12:30.
    expect(evaluateLock(crossing, input({ timeZone: 'Asia/Tokyo' }))).toEqual({
      isLocked: true,
      lockReason: 'time_of_day',
    });
    const morning = { ...crossing, unlockStartTime: '06:00', unlockEndTime: '09:00' };
    expect(evaluateLock(morning, input())).toEqual({ isLocked: true, lockReason: 'time_of_day' });
  });

  it('distance wins over an open or closed time window', () => {
    const morning = {
      ...base,
      timeRestriction: 'time_of_day' as const,
      unlockStartTime: '06:00',
      unlockEndTime: '09:00',
    };
    expect(evaluateLock(morning, input({ distance: 500 }))).toEqual({ isLocked: true, lockReason: 'distance' });
  });

  it('evaluates seasons by hemisphere', () => {
    const summer = { ...base, timeRestriction: 'season' as const, unlockSeason: 'summer' as const };
    // January: winter in New York, summer in Sydney.
    expect(evaluateLock(summer, input())).toEqual({ isLocked: true, lockReason: 'season' });
    expect(evaluateLock({ ...summer, latitude: -33.87 }, input({ timeZone: 'Australia/Sydney' }))).toEqual({
      isLocked: false,
      lockReason: null,
    });
    expect(evaluateLock({ ...summer, unlockSeason: 'winter' }, input())).toEqual({ isLocked: false, lockReason: null });
  });

  it('enforces weather when known, shows it unenforced without a provider, fails closed when the provider failed', () => {
    const rainy = { ...base, timeRestriction: 'weather' as const, unlockWeather: 'rainy' as const };
    expect(evaluateLock(rainy, input())).toEqual({ isLocked: false, lockReason: 'weather' });
    expect(evaluateLock(rainy, input({ weather: null }))).toEqual({ isLocked: true, lockReason: 'weather' });
    expect(evaluateLock(rainy, input({ weather: 'sunny' }))).toEqual({ isLocked: true, lockReason: 'weather' });
    expect(evaluateLock(rainy, input({ weather: 'rainy' }))).toEqual({ isLocked: false, lockReason: null });
  });

  it('ignores a restriction without its values', () => {
    expect(evaluateLock({ ...base, timeRestriction: 'time_of_day', unlockStartTime: '06:00' }, input())).toEqual({
      isLocked: false,
      lockReason: null,
    });
    expect(evaluateLock({ ...base, timeRestriction: 'season' }, input())).toEqual({
      isLocked: false,
      lockReason: null,
    });
  });
});
