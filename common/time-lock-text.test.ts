import { describe, expect, it } from 'vitest';
import { timeLockText, timeZoneLabel } from './time-lock-text';
import { lockValuesFor } from './lock-kinds';

const base = lockValuesFor('none', {});

describe('timeLockText', () => {
  it('words each restriction as spec section 4 does', () => {
    expect(
      timeLockText({ ...base, timeRestriction: 'time_of_day', unlockStartTime: '18:00', unlockEndTime: '06:00' }),
    ).toBe('Unlocks 18:00 - 06:00');
    expect(timeLockText({ ...base, timeRestriction: 'weather', unlockWeather: 'rainy' })).toBe(
      'Unlocks during rainy weather',
    );
    expect(timeLockText({ ...base, timeRestriction: 'season', unlockSeason: 'winter' })).toBe('Available in winter');
  });

  it('says nothing without a lock or without its value', () => {
    expect(timeLockText({ ...base, timeRestriction: 'none' })).toBeNull();
    expect(timeLockText({ ...base, timeRestriction: 'time_of_day', unlockStartTime: '18:00' })).toBeNull();
    expect(timeLockText({ ...base, timeRestriction: 'season' })).toBeNull();
    expect(timeLockText({ ...base, timeRestriction: 'weather' })).toBeNull();
  });
});

describe('time zones in the time-lock sentence', () => {
  it("names the city of the story's zone after a window", () => {
    const lock = { ...base, timeRestriction: 'time_of_day' as const, unlockStartTime: '14:00', unlockEndTime: '16:00' };
    expect(timeLockText({ ...lock, timeZone: 'America/New_York' })).toBe('Unlocks 14:00 - 16:00 (Eastern Time)');
    expect(timeLockText({ ...lock, timeZone: 'America/Argentina/Buenos_Aires' })).toBe(
      'Unlocks 14:00 - 16:00 (Argentina Standard Time)',
    );
    expect(timeLockText({ ...lock, timeZone: null })).toBe('Unlocks 14:00 - 16:00');
  });

  it('leaves the season and weather sentences alone', () => {
    expect(timeLockText({ ...base, timeRestriction: 'season', unlockSeason: 'winter', timeZone: 'Europe/Paris' })).toBe(
      'Available in winter',
    );
    expect(
      timeLockText({ ...base, timeRestriction: 'weather', unlockWeather: 'sunny', timeZone: 'Europe/Paris' }),
    ).toBe('Unlocks during sunny weather');
  });

  it('says UTC and sea zones as offsets (Etc/GMT signs are inverted)', () => {
    expect(timeZoneLabel('UTC')).toBe('UTC');
    expect(timeZoneLabel('Etc/GMT')).toBe('UTC');
    expect(timeZoneLabel('Etc/GMT+5')).toBe('UTC-5');
    expect(timeZoneLabel('Etc/GMT-12')).toBe('UTC+12');
    expect(timeZoneLabel('Europe/London')).toBe('United Kingdom Time');
    expect(timeZoneLabel('America/Chicago')).toBe('Central Time');
  });
});
