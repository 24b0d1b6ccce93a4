import { describe, expect, it } from 'vitest';
import { countWords, formatCreated, formatDistance, formatDuration, storyTypeIcon, storyTypeLabel } from './story-display';
import { isStoryLocked, metresToUnlock, timeLockText } from './lock';

describe('story display helpers', () => {
  it('formats durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9.7)).toBe('0:09');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });

  it('counts words and formats distances', () => {
    expect(countWords('  the old   oak tree ')).toBe(4);
    expect(countWords('')).toBe(0);
    expect(formatDistance(349.6)).toBe('350m');
    expect(formatDistance(1520)).toBe('1.5km');
    expect(formatDistance(null)).toBeNull();
  });

  it('names and icons each type', () => {
    expect(storyTypeIcon('tiktok')).toBe('🎪');
    expect(storyTypeLabel('tiktok')).toBe('TikTok');
    expect(storyTypeLabel('audio')).toBe('Audio');
  });

  it('gives the relative created date of the spec', () => {
    const now = new Date(2026, 10, 23, 10, 0);
    expect(formatCreated(new Date(2026, 10, 23, 1, 0).toISOString(), now)).toBe('Today');
    expect(formatCreated(new Date(2026, 10, 22, 23, 0).toISOString(), now)).toBe('Yesterday');
    expect(formatCreated(new Date(2026, 10, 17, 12, 0).toISOString(), now)).toBe('6 days ago');
    const old = new Date(2026, 10, 16, 12, 0);
    expect(formatCreated(old.toISOString(), now)).toBe(old.toLocaleDateString());
  });

  it('reads a day-only createdAt (midnight UTC, what other readers get) as that calendar day in any time zone', () => {
    const now = new Date(2026, 10, 23, 20, 0);
    expect(formatCreated('2026-11-23T00:00:00.000Z', now)).toBe('Today');
    expect(formatCreated('2026-11-22T00:00:00.000Z', now)).toBe('Yesterday');
    expect(formatCreated('2026-11-01T00:00:00.000Z', now)).toBe(new Date(2026, 10, 1).toLocaleDateString());
  });

  it('applies the lock rule of spec section 4', () => {
    expect(isStoryLocked({ isLocked: false, distance: 100 })).toBe(false);
    expect(isStoryLocked({ isLocked: false, distance: 100.5 })).toBe(true);
    expect(isStoryLocked({ isLocked: true, distance: 5 })).toBe(true);
    expect(isStoryLocked({ isLocked: false, distance: null })).toBe(false);
    expect(metresToUnlock({ distance: 500 })).toBe(400);
    expect(metresToUnlock({ distance: 80 })).toBeNull();
  });

  it('describes time locks', () => {
    const base = { unlockStartTime: null, unlockEndTime: null, unlockSeason: null, unlockWeather: null };
    expect(timeLockText({ ...base, timeRestriction: 'none' })).toBeNull();
    expect(timeLockText({ ...base, timeRestriction: 'time_of_day', unlockStartTime: '18:00', unlockEndTime: '06:00' })).toBe('Unlocks 18:00 - 06:00');
    expect(timeLockText({ ...base, timeRestriction: 'weather', unlockWeather: 'rainy' })).toBe('Unlocks during rainy weather');
    expect(timeLockText({ ...base, timeRestriction: 'season', unlockSeason: 'winter' })).toBe('Available in winter');
  });
});

describe('story toasts', () => {
  it('splits the spec sentence into title and description', async () => {
    const { STORY_TOASTS, toastParts } = await import('./story-toasts');
    expect(toastParts(STORY_TOASTS.likeFailed)).toEqual({ title: 'Error:', description: 'Failed to like story.' });
    expect(toastParts(STORY_TOASTS.liked)).toEqual({ title: 'Story liked!', description: 'Thank you for supporting this story.' });
  });
});
