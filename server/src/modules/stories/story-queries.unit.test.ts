import { describe, expect, it } from 'vitest';
import { DISCOVERABLE_RESULT_CAP, DISCOVERY_RADIUS_M, MAP_RADIUS_M, MAP_RESULT_CAP } from '#common/constants';
import { haversineMetres } from '#common/geo';
import { useBoxMethod } from './nearby-method';
import { coveringCircle } from './story-queries';

describe('useBoxMethod: where the lon/lat box answers exactly', () => {
  const discoverable = (latitude: number, longitude: number) =>
    useBoxMethod(latitude, longitude, DISCOVERY_RADIUS_M, DISCOVERABLE_RESULT_CAP);

  it('takes the discoverable call in ordinary places', () => {
    expect(discoverable(32.0835, -81.0998)).toBe(true);
    expect(discoverable(-33.86, 151.21)).toBe(true);
    expect(discoverable(0, 0)).toBe(true);
    expect(discoverable(78.22, 15.65)).toBe(true); // Longyearbyen
  });

  it('leaves the map call (1,000 stories) to the KNN walk', () => {
    expect(useBoxMethod(32.0835, -81.0998, MAP_RADIUS_M, MAP_RESULT_CAP)).toBe(false);
  });

  it('refuses a radius whose box would cross the antimeridian', () => {
    // 1,500 m is 0.0135° of longitude at the equator, 0.0142° at Fiji's latitude.
    expect(discoverable(-17.7, 179.99)).toBe(false);
    expect(discoverable(-17.7, -179.99)).toBe(false);
    expect(discoverable(-17.7, 179.98)).toBe(true);
    expect(discoverable(0, 180)).toBe(false);
  });

  it('refuses a circle that holds a pole, and the widening boxes next to one', () => {
    expect(discoverable(90, 0)).toBe(false);
    expect(discoverable(-89.995, 10)).toBe(false);
    // At 89.9° a 1,500 m circle spans ±7.7° of longitude: fine at 0°, across the antimeridian at 175°.
    expect(discoverable(89.9, 0)).toBe(true);
    expect(discoverable(89.9, 175)).toBe(false);
  });
});

describe('coveringCircle', () => {
  it('centres on the box and reaches its corners', () => {
    const circle = coveringCircle({ west: -81.15, south: 32.05, east: -81.05, north: 32.12 });
    expect(circle.latitude).toBeCloseTo(32.085, 6);
    expect(circle.longitude).toBeCloseTo(-81.1, 6);
    // Half the diagonal: 4.7 km east-west and 3.9 km north-south from the centre.
    const corners = [
      [32.05, -81.15],
      [32.05, -81.05],
      [32.12, -81.15],
      [32.12, -81.05],
    ] as const;
    const farthest = Math.max(
      ...corners.map(([latitude, longitude]) => haversineMetres(circle, { latitude, longitude })),
    );
    expect(circle.radius).toBeGreaterThanOrEqual(farthest);
    expect(circle.radius).toBeLessThan(farthest + 2);
    expect(farthest).toBeGreaterThan(6_000);
  });

  it('handles a box across the antimeridian', () => {
    const circle = coveringCircle({ west: 179.5, south: -17.5, east: -179.5, north: -16.5 });
    expect(Math.abs(circle.longitude)).toBeCloseTo(180, 6);
  });
});
