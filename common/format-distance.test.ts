import { describe, expect, it } from 'vitest';
import { formatDistanceMetres, placeholderDistanceKm } from './format-distance';

describe('formatDistanceMetres', () => {
  it('shows whole metres under 1 km', () => {
    expect(formatDistanceMetres(0)).toBe('0m');
    expect(formatDistanceMetres(42.4)).toBe('42m');
    expect(formatDistanceMetres(350)).toBe('350m');
    expect(formatDistanceMetres(999.4)).toBe('999m');
  });

  it('shows kilometres with one decimal from 1 km (a distance rounding to 1000 m included)', () => {
    expect(formatDistanceMetres(999.5)).toBe('1.0km');
    expect(formatDistanceMetres(1000)).toBe('1.0km');
    expect(formatDistanceMetres(1234)).toBe('1.2km');
    expect(formatDistanceMetres(1250)).toBe('1.3km');
    expect(formatDistanceMetres(48_960)).toBe('49.0km');
  });
});

describe('placeholderDistanceKm', () => {
  it('is 1-5 km with one decimal and stable per id', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const values = ids.map(placeholderDistanceKm);
    for (const km of values) {
      expect(km).toBeGreaterThanOrEqual(1);
      expect(km).toBeLessThanOrEqual(5);
      expect(Math.round(km * 10) / 10).toBe(km);
    }
    expect(new Set(values).size).toBeGreaterThan(20);
    expect(placeholderDistanceKm(ids[7]!)).toBe(values[7]);
  });
});
