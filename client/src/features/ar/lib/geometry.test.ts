import { describe, expect, it } from 'vitest';
import { offsetEast, offsetNorth } from '#common/geo';
import { angleDelta, normalizeDegrees } from './geometry';
import { bearingDegrees as initialBearing } from '#common/geo';

const HERE = { latitude: 32.0835, longitude: -81.0998 };

describe('initialBearing', () => {
  it('points along the four cardinal directions', () => {
    expect(initialBearing(HERE, offsetNorth(HERE, 500))).toBeCloseTo(0, 6);
    expect(initialBearing(HERE, offsetEast(HERE, 500))).toBeCloseTo(90, 1);
    expect(initialBearing(HERE, offsetNorth(HERE, -500))).toBeCloseTo(180, 6);
    expect(initialBearing(HERE, offsetEast(HERE, -500))).toBeCloseTo(270, 1);
  });

  it('gives the forward azimuth of a long great circle (not a rhumb line)', () => {
    // London → New York: the great circle leaves heading west-north-west (~288°), a rhumb line would be ~260°.
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const newYork = { latitude: 40.7128, longitude: -74.006 };
    expect(initialBearing(london, newYork)).toBeCloseTo(288.3, 0);
  });

  it('measures north-east at 45° for a small square offset', () => {
    expect(initialBearing(HERE, offsetEast(offsetNorth(HERE, 300), 300))).toBeCloseTo(45, 0);
  });

  it('stays in [0, 360) just west of north', () => {
    const bearing = initialBearing(HERE, offsetEast(offsetNorth(HERE, 1000), -10));
    expect(bearing).toBeGreaterThan(359);
    expect(bearing).toBeLessThan(360);
  });
});

describe('normalizeDegrees and angleDelta', () => {
  it('maps any angle onto [0, 360)', () => {
    expect(normalizeDegrees(360)).toBe(0);
    expect(normalizeDegrees(-1)).toBe(359);
    expect(normalizeDegrees(725)).toBe(5);
    expect(Object.is(normalizeDegrees(-360), 0)).toBe(true);
  });

  it('takes the short way round across north', () => {
    expect(angleDelta(359, 1)).toBe(2);
    expect(angleDelta(1, 359)).toBe(-2);
    expect(angleDelta(10, 190)).toBe(180);
    expect(angleDelta(90, 45)).toBe(-45);
  });
});
