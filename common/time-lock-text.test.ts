import { describe, expect, it } from 'vitest';
import { timeLockText } from './time-lock-text';

const base = { unlockStartTime: null, unlockEndTime: null, unlockSeason: null, unlockWeather: null };

describe('timeLockText', () => {
  it('words each restriction as spec section 4 does', () => {
    expect(timeLockText({ ...base, timeRestriction: 'time_of_day', unlockStartTime: '18:00', unlockEndTime: '06:00' })).toBe(
      'Unlocks 18:00 - 06:00',
    );
    expect(timeLockText({ ...base, timeRestriction: 'weather', unlockWeather: 'rainy' })).toBe('Unlocks during rainy weather');
    expect(timeLockText({ ...base, timeRestriction: 'season', unlockSeason: 'winter' })).toBe('Available in winter');
  });

  it('says nothing without a lock or without its value', () => {
    expect(timeLockText({ ...base, timeRestriction: 'none' })).toBeNull();
    expect(timeLockText({ ...base, timeRestriction: 'time_of_day', unlockStartTime: '18:00' })).toBeNull();
    expect(timeLockText({ ...base, timeRestriction: 'season' })).toBeNull();
    expect(timeLockText({ ...base, timeRestriction: 'weather' })).toBeNull();
  });
});
