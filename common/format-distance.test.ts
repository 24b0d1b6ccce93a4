import { describe, expect, it } from 'vitest';
import { formatDistanceMetres } from './format-distance';

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
