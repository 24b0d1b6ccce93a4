import { describe, expect, it } from 'vitest';
import { compassHeading, headingFromReading, smoothHeading, smoothingFactor, type OrientationReading } from './heading';

const reading = (fields: Partial<OrientationReading>): OrientationReading => ({
  type: 'deviceorientation',
  alpha: null,
  beta: null,
  gamma: null,
  absolute: false,
  ...fields,
});

describe('compassHeading', () => {
  it('is 360° − alpha for a phone held upright (alpha counts counter-clockwise)', () => {
    expect(compassHeading(0, 90, 0)).toBeCloseTo(0, 6);
    expect(compassHeading(90, 90, 0)).toBeCloseTo(270, 6);
    expect(compassHeading(270, 90, 0)).toBeCloseTo(90, 6);
    expect(compassHeading(350, 80, 0)).toBeCloseTo(10, 6);
  });

  it('falls back to the top edge when the phone lies flat, turned by the screen angle', () => {
    expect(compassHeading(30, 0, 0)).toBeCloseTo(330, 6);
    expect(compassHeading(30, 0, 0, 90)).toBeCloseTo(60, 6);
  });

  it('follows the back of the phone when it stands on its long edge (gamma −90°)', () => {
    // Top edge north, screen rolled to face west: the camera looks east.
    expect(compassHeading(0, 0, -90)).toBeCloseTo(90, 6);
  });
});

describe('headingFromReading', () => {
  it("prefers Safari's webkitCompassHeading", () => {
    expect(headingFromReading(reading({ webkitCompassHeading: 42, alpha: 200, absolute: false }))).toBe(42);
    expect(headingFromReading(reading({ webkitCompassHeading: 350 }), 90)).toBe(80);
  });

  it('reads the alpha of absolute events only', () => {
    expect(
      headingFromReading(reading({ type: 'deviceorientationabsolute', alpha: 90, beta: 90, gamma: 0 })),
    ).toBeCloseTo(270, 6);
    expect(headingFromReading(reading({ alpha: 90, beta: 90, gamma: 0, absolute: true }))).toBeCloseTo(270, 6);
    expect(headingFromReading(reading({ alpha: 90, beta: 90, gamma: 0, absolute: false }))).toBeNull();
  });

  it('has no heading without data (a desktop fires one event of nulls)', () => {
    expect(headingFromReading(reading({ type: 'deviceorientationabsolute' }))).toBeNull();
    expect(headingFromReading(reading({ webkitCompassHeading: -1 }))).toBeNull();
  });
});

describe('smoothHeading', () => {
  it('takes the first reading as it is', () => {
    expect(smoothHeading(null, 123, 0.1)).toBe(123);
  });

  it('crosses north the short way: 359° → 1° passes 0°, never 180°', () => {
    let h = 359;
    const seen: number[] = [];
    for (let i = 0; i < 30; i++) {
      h = smoothHeading(h, 1, 0.3);
      seen.push(h);
    }
    for (const value of seen) expect(value < 2 || value > 358).toBe(true);
    expect(h).toBeCloseTo(1, 3);
    // Halfway after one step of 0.5.
    expect(smoothHeading(359, 1, 0.5)).toBeCloseTo(0, 9);
    expect(smoothHeading(1, 359, 0.5)).toBeCloseTo(0, 9);
  });

  it('moves a share of the shortest turn and damps jitter', () => {
    expect(smoothHeading(10, 50, 0.25)).toBeCloseTo(20, 9);
    let h = 100;
    let maxSwing = 0;
    for (let i = 0; i < 100; i++) {
      const next = smoothHeading(h, i % 2 ? 110 : 90, 0.1);
      maxSwing = Math.max(maxSwing, Math.abs(next - h));
      h = next;
    }
    expect(maxSwing).toBeLessThan(2.5);
    expect(Math.abs(h - 100)).toBeLessThan(1.5);
  });

  it('derives a frame-rate independent factor', () => {
    expect(smoothingFactor(0, 150)).toBe(0);
    const twoShort = 1 - (1 - smoothingFactor(8, 150)) ** 2;
    expect(smoothingFactor(16, 150)).toBeCloseTo(twoShort, 12);
  });
});
