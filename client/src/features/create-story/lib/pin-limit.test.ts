import { describe, expect, it } from 'vitest';
import { haversineMetres, offsetEast, offsetNorth } from '#common/geo';
import { clampPin } from './pin-limit';

const FIX = { latitude: 32.0835, longitude: -81.0998 };

describe('clampPin', () => {
  it('keeps a pin within 200 m where it is', () => {
    const near = offsetNorth(FIX, 150);
    expect(clampPin(FIX, near)).toEqual(near);
  });

  it('pulls a pin beyond 200 m back onto the circle, same direction', () => {
    for (const far of [offsetNorth(FIX, 900), offsetEast(FIX, -350), offsetEast(offsetNorth(FIX, -400), 400)]) {
      const clamped = clampPin(FIX, far);
      const metres = haversineMetres(FIX, clamped);
      expect(metres).toBeLessThanOrEqual(200);
      expect(metres).toBeGreaterThan(197);
      expect(Math.sign(clamped.latitude - FIX.latitude)).toBe(Math.sign(far.latitude - FIX.latitude));
      expect(Math.sign(clamped.longitude - FIX.longitude)).toBe(Math.sign(far.longitude - FIX.longitude));
    }
  });
});
