import { describe, expect, it } from 'vitest';
import { bearingDegrees, haversineMetres, offsetEast, offsetNorth } from './geo';
import { EARTH_RADIUS_M } from './constants';
import { compassDirection } from './notifications';

describe('haversineMetres', () => {
  it('is zero for the same point and symmetric', () => {
    const a = { latitude: 32.0835, longitude: -81.0998 };
    const b = { latitude: 32.09, longitude: -81.1 };
    expect(haversineMetres(a, a)).toBe(0);
    expect(haversineMetres(a, b)).toBeCloseTo(haversineMetres(b, a), 9);
  });

  it('measures one degree of latitude as about 111.19 km', () => {
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_194.9, 0);
  });

  it('matches known city distances (London-Paris ≈ 343.5 km on this sphere)', () => {
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    expect(haversineMetres(london, paris) / 1000).toBeCloseTo(343.5, 0);
  });

  it('handles antipodes and the antimeridian', () => {
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * 6_371_008.7714,
      0,
    );
    expect(haversineMetres({ latitude: 0, longitude: 179.999 }, { latitude: 0, longitude: -179.999 })).toBeCloseTo(
      222.4,
      0,
    );
  });

  it('offsets points by the asked distance', () => {
    const a = { latitude: -33.8688, longitude: 151.2093 };
    expect(haversineMetres(a, offsetNorth(a, 99))).toBeCloseTo(99, 6);
    expect(haversineMetres(a, offsetNorth(a, -101))).toBeCloseTo(101, 6);
    expect(haversineMetres(a, offsetEast(a, 250))).toBeCloseTo(250, 2);
  });
});

describe('one sphere, one bearing', () => {
  const here = { latitude: 32.0835, longitude: -81.0998 };

  it('measures on EARTH_RADIUS_M: a point offset by n metres is n metres away by haversine', () => {
    expect(haversineMetres(here, offsetNorth(here, 1_000))).toBeCloseTo(1_000, 6);
    // A quarter of the globe along a meridian.
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(
      (Math.PI / 2) * EARTH_RADIUS_M,
      3,
    );
  });

  it('gives bearings clockwise from north in [0, 360), never -0', () => {
    expect(Object.is(bearingDegrees(here, offsetNorth(here, 500)), 0)).toBe(true);
    expect(bearingDegrees(here, offsetEast(here, 500))).toBeCloseTo(90, 1);
    expect(bearingDegrees(here, offsetNorth(here, -500))).toBeCloseTo(180, 6);
    expect(bearingDegrees(here, offsetEast(here, -500))).toBeCloseTo(270, 1);
    expect(
      bearingDegrees({ latitude: 51.5074, longitude: -0.1278 }, { latitude: 40.7128, longitude: -74.006 }),
    ).toBeCloseTo(288.3, 0);
  });

  it("is the bearing of the notifications' compass words", () => {
    for (let degrees = 0; degrees < 360; degrees += 15) {
      const radians = (degrees * Math.PI) / 180;
      const there = offsetEast(offsetNorth(here, 800 * Math.cos(radians)), 800 * Math.sin(radians));
      const sector = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'][
        Math.round(bearingDegrees(here, there) / 45) % 8
      ];
      expect(compassDirection(here, there)).toBe(sector);
    }
  });
});
