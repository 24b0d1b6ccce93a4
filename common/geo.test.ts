import { describe, expect, it } from 'vitest';
import { haversineMetres, offsetEast, offsetNorth } from './geo';

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
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6_371_008.7714, 0);
    expect(haversineMetres({ latitude: 0, longitude: 179.999 }, { latitude: 0, longitude: -179.999 })).toBeCloseTo(222.4, 0);
  });

  it('offsets points by the asked distance', () => {
    const a = { latitude: -33.8688, longitude: 151.2093 };
    expect(haversineMetres(a, offsetNorth(a, 99))).toBeCloseTo(99, 6);
    expect(haversineMetres(a, offsetNorth(a, -101))).toBeCloseTo(101, 6);
    expect(haversineMetres(a, offsetEast(a, 250))).toBeCloseTo(250, 2);
  });
});
