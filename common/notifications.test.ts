import { describe, expect, it } from 'vitest';
import { offsetEast, offsetNorth } from './geo';
import {
  compassDirection,
  formatDistance,
  likedMessage,
  nearbyGroupDue,
  nearbyGroupMessage,
  nearestWhisperText,
  timeOfDayFor,
  timeOfDayOfStart,
} from './notifications';

describe('notification texts', () => {
  it('words a like as the issue writes it', () => {
    expect(likedMessage('Rita Reader', 'Moonlit bench')).toBe('Rita Reader liked your story “Moonlit bench”');
  });

  it('words a nearby group in the singular and plural', () => {
    expect(nearbyGroupMessage(1)).toBe('1 new whisper within 1.5 km');
    expect(nearbyGroupMessage(3)).toBe('3 new whispers within 1.5 km');
  });
});

describe('nearbyGroupDue', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('allows the first group and one an hour after the last', () => {
    expect(nearbyGroupDue(null, now)).toBe(true);
    expect(nearbyGroupDue(new Date('2026-11-23T11:00:00Z'), now)).toBe(true);
    expect(nearbyGroupDue(new Date('2026-11-23T11:00:01Z'), now)).toBe(false);
  });
});

describe('timeOfDayFor (spec section 7)', () => {
  it('maps hours: before 6 night, before 12 morning, before 18 afternoon, else evening', () => {
    const expected = [
      ...Array(6).fill('night'),
      ...Array(6).fill('morning'),
      ...Array(6).fill('afternoon'),
      ...Array(6).fill('evening'),
    ];
    expect(Array.from({ length: 24 }, (_, h) => timeOfDayFor(h))).toEqual(expected);
    // 22:00-24:00 is evening, not night.
    expect(timeOfDayFor(23)).toBe('evening');
  });

  it('places a window start in its time of day', () => {
    expect(timeOfDayOfStart('05:59')).toBe('night');
    expect(timeOfDayOfStart('19:30')).toBe('evening');
    expect(timeOfDayOfStart('25:00')).toBeNull();
    expect(timeOfDayOfStart(null)).toBeNull();
  });
});

describe('compassDirection and formatDistance', () => {
  const here = { latitude: 32.0835, longitude: -81.0998 };
  it('names eight directions', () => {
    expect(compassDirection(here, offsetNorth(here, 500))).toBe('north');
    expect(compassDirection(here, offsetEast(here, 500))).toBe('east');
    expect(compassDirection(here, offsetNorth(here, -500))).toBe('south');
    expect(compassDirection(here, offsetEast(here, -500))).toBe('west');
    expect(compassDirection(here, offsetEast(offsetNorth(here, 500), 500))).toBe('north-east');
    expect(compassDirection(here, offsetEast(offsetNorth(here, -500), -500))).toBe('south-west');
  });

  it('writes metres to the ten below a kilometre, then kilometres', () => {
    expect(formatDistance(3)).toBe('10 m');
    expect(formatDistance(243)).toBe('240 m');
    expect(formatDistance(996)).toBe('1 km');
    expect(formatDistance(1_500)).toBe('1.5 km');
    expect(formatDistance(3_240)).toBe('3.2 km');
    expect(formatDistance(12_600)).toBe('13 km');
  });

  it('says where the nearest whisper is, distance then direction', () => {
    const far = offsetEast(offsetNorth(here, 2_290), 2_290);
    const line = nearestWhisperText({ distance: 3_240, direction: compassDirection(here, far) });
    expect(line).toBe('The nearest whisper is 3.2 km north-east');
    expect(nearestWhisperText({ distance: 243, direction: 'south' })).toBe('The nearest whisper is 240 m south');
  });
});
