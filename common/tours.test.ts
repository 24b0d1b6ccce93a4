import { describe, expect, it } from 'vitest';
import { offsetNorth } from './geo';
import { firstLongLeg, tourLengthText, tourMeasures, tourProgressText, tourStopText, TOUR_COMPLETE } from './tours';

const start = { latitude: 32.0835, longitude: -81.0998 };

describe('tour arithmetic', () => {
  it('length is the sum of the legs; time at 4.5 km/h, at least a minute', () => {
    const stops = [start, offsetNorth(start, 1_500), offsetNorth(start, 3_000), offsetNorth(start, 4_500)];
    const { lengthM, walkingMinutes } = tourMeasures(stops);
    expect(lengthM).toBe(4_500);
    expect(walkingMinutes).toBe(60);
    expect(tourMeasures([start, offsetNorth(start, 10)]).walkingMinutes).toBe(1);
  });

  it('finds the first leg over 10 km, by 1-based stop numbers', () => {
    expect(firstLongLeg([start, offsetNorth(start, 10_000)])).toBeNull();
    const leg = firstLongLeg([start, offsetNorth(start, 5_000), offsetNorth(start, 15_001)]);
    expect(leg).toMatchObject({ from: 2, to: 3 });
    expect(Math.round(leg!.metres)).toBe(10_001);
  });

  it('words progress, stops and length as the issue writes them', () => {
    expect(tourProgressText(3, 7)).toBe('3 of 7 found');
    expect(tourStopText(4, 7)).toBe('Stop 4 of 7');
    expect(TOUR_COMPLETE).toBe('Tour complete');
    expect(tourLengthText(850, 11)).toBe('850 m · 11 min walk');
    expect(tourLengthText(4_500, 60)).toBe('4.5 km · 1 h 0 min walk');
  });
});
