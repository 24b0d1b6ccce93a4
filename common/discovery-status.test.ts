import { describe, expect, it } from 'vitest';
import { discoveryStatus, type DiscoveryStatusStory } from './discovery-status';
import { lockValuesFor } from './lock-kinds';

const none: DiscoveryStatusStory = {
  timeRestriction: 'none',
  ...lockValuesFor('none', {}),
  isLocked: false,
  lockReason: null,
};
const at = (h: number, m = 0) => h * 60 + m;
const day = { ...none, timeRestriction: 'time_of_day' as const, unlockStartTime: '09:00', unlockEndTime: '17:30' };
const night = { ...none, timeRestriction: 'time_of_day' as const, unlockStartTime: '22:00', unlockEndTime: '02:00' };
/** Locked because the reader is too far away: the server did not judge the time window. */
const far = { isLocked: true, lockReason: 'distance' as const };

describe('discoveryStatus: texts of spec section 4', () => {
  it('no restriction: "Always available", green when the server sent it unlocked', () => {
    expect(discoveryStatus(none, at(12))).toEqual({
      kind: 'available',
      text: 'Always available',
      colour: 'green',
      open: true,
    });
  });

  it('weather: blue "Unlocks during {weather} weather", not evaluated', () => {
    const rainy = { ...none, timeRestriction: 'weather' as const, unlockWeather: 'rainy' as const };
    expect(discoveryStatus(rainy, at(12))).toMatchObject({
      kind: 'weather',
      text: 'Unlocks during rainy weather',
      colour: 'blue',
    });
    expect(discoveryStatus({ ...rainy, ...far }, null)).toMatchObject({ colour: 'blue', open: false });
  });

  it('season: orange "Available in {season}", not evaluated', () => {
    const autumn = { ...none, timeRestriction: 'season' as const, unlockSeason: 'autumn' as const };
    expect(discoveryStatus(autumn, at(12))).toMatchObject({
      kind: 'season',
      text: 'Available in autumn',
      colour: 'orange',
    });
    expect(discoveryStatus({ ...autumn, isLocked: true, lockReason: 'season' }, null)).toMatchObject({
      colour: 'orange',
      open: false,
    });
  });

  it('a restriction without its values reads "Always available"', () => {
    expect(discoveryStatus({ ...none, timeRestriction: 'time_of_day', unlockStartTime: '09:00' }, at(10)).text).toBe(
      'Always available',
    );
    expect(discoveryStatus({ ...none, timeRestriction: 'weather' }, at(10)).text).toBe('Always available');
    expect(discoveryStatus({ ...none, timeRestriction: 'season' }, at(10)).text).toBe('Always available');
  });
});

describe("discoveryStatus: time windows in the story's local time (story far away, server did not judge)", () => {
  it('inside a daytime window: "Available now ({start} - {end})"', () => {
    expect(discoveryStatus({ ...day, ...far }, at(12)).text).toBe('Available now (09:00 - 17:30)');
  });

  it('outside a daytime window: yellow "Unlocks {start} - {end}"', () => {
    expect(discoveryStatus({ ...day, ...far }, at(8, 59))).toMatchObject({
      kind: 'locked',
      text: 'Unlocks 09:00 - 17:30',
      colour: 'yellow',
    });
    expect(discoveryStatus({ ...day, ...far }, at(17, 31)).kind).toBe('locked');
  });

  it('both ends of the window are included', () => {
    expect(discoveryStatus({ ...day, ...far }, at(9)).kind).toBe('unlocked');
    expect(discoveryStatus({ ...day, ...far }, at(17, 30)).kind).toBe('unlocked');
  });

  it('a window across midnight is open at or after start or at or before end', () => {
    for (const minutes of [at(22), at(23, 59), at(0), at(1), at(2)]) {
      expect(discoveryStatus({ ...night, ...far }, minutes).text).toBe('Available now (22:00 - 02:00)');
    }
    for (const minutes of [at(2, 1), at(12), at(21, 59)]) {
      expect(discoveryStatus({ ...night, ...far }, minutes).text).toBe('Unlocks 22:00 - 02:00');
    }
  });

  it('an unknown local time counts as closed', () => {
    expect(discoveryStatus({ ...day, ...far }, null).kind).toBe('locked');
  });
});

describe('discoveryStatus never contradicts the server', () => {
  it('a story the server locked is never green', () => {
    const cases: DiscoveryStatusStory[] = [
      { ...none, ...far },
      { ...day, ...far },
      { ...night, ...far },
      { ...day, isLocked: true, lockReason: 'time_of_day' },
      { ...none, isLocked: true, lockReason: null },
    ];
    for (const story of cases) {
      for (const minutes of [null, at(0), at(12), at(23)]) {
        const status = discoveryStatus(story, minutes);
        expect(status.colour).not.toBe('green');
        expect(status.open).toBe(false);
      }
    }
  });

  it('a window the server found closed reads "Unlocks", whatever the client clock says', () => {
    const locked = { ...day, isLocked: true, lockReason: 'time_of_day' as const };
    expect(discoveryStatus(locked, at(12))).toMatchObject({
      kind: 'locked',
      text: 'Unlocks 09:00 - 17:30',
      colour: 'yellow',
    });
  });

  it('a timed story the server sent unlocked reads "Available now" in green, whatever the client clock says', () => {
    expect(discoveryStatus(day, at(3))).toEqual({
      kind: 'unlocked',
      text: 'Available now (09:00 - 17:30)',
      colour: 'green',
      open: true,
    });
  });

  it('far away but inside its window: "Available now" in yellow (travel still required)', () => {
    expect(discoveryStatus({ ...day, ...far }, at(12))).toMatchObject({
      kind: 'unlocked',
      colour: 'yellow',
      open: false,
    });
  });
});
