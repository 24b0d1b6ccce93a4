import { describe, expect, it } from 'vitest';
import {
  formatCreated,
  formatDistance,
  formatDuration,
  markerName,
  metresToUnlock,
  storyTypeIcon,
  storyTypeLabel,
} from './story-display';

describe('story display helpers', () => {
  it('formats durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9.7)).toBe('0:09');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });

  it('formats distances', () => {
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

  it('counts the metres still to walk only for a distance lock the server decided', () => {
    const locked = { isLocked: true, lockReason: 'distance' as const };
    expect(metresToUnlock({ ...locked, distance: 500 })).toBe(400);
    expect(metresToUnlock({ ...locked, distance: 80 })).toBe(1);
    // The author's own story far away: the server sent it unlocked, so there is nothing to walk.
    expect(metresToUnlock({ isLocked: false, lockReason: null, distance: 5000 })).toBeNull();
    expect(metresToUnlock({ isLocked: true, lockReason: 'season', distance: 5000 })).toBeNull();
  });
});

describe('markerName', () => {
  it('is the title when known, else the kind and category (the marker answer has no title, decision 025)', () => {
    expect(markerName({ title: 'Harbor Bell', type: 'audio', category: 'History' })).toBe('Harbor Bell');
    expect(markerName({ type: 'audio', category: 'History' })).toBe('Audio story · History');
    expect(markerName({ type: 'tiktok', category: '' })).toBe('TikTok story');
  });
});
