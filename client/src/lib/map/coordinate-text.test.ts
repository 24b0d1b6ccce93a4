import { describe, expect, it } from 'vitest';
import { coordinateText, parseCoordinate } from './coordinate-text';

describe('parseCoordinate', () => {
  it('reads a typed latitude or longitude, a comma as the decimal point', () => {
    expect(parseCoordinate(' 32.0835 ', 90)).toBe(32.0835);
    expect(parseCoordinate('-81,0998', 180)).toBe(-81.0998);
    expect(parseCoordinate('12', 90)).toBe(12);
  });
  it('refuses what is no coordinate or out of range', () => {
    expect(parseCoordinate('', 90)).toBeNull();
    expect(parseCoordinate('32.', 90)).toBeNull();
    expect(parseCoordinate('north', 90)).toBeNull();
    expect(parseCoordinate('90.5', 90)).toBeNull();
    expect(parseCoordinate('180', 180)).toBe(180);
    expect(parseCoordinate('1e3', 180)).toBeNull();
  });
});

describe('coordinateText', () => {
  it('keeps six decimals at most, without trailing zeros', () => {
    expect(coordinateText(32.08351234)).toBe('32.083512');
    expect(coordinateText(-81.1)).toBe('-81.1');
    expect(coordinateText(12)).toBe('12');
  });
});
