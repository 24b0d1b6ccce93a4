import { describe, expect, it } from 'vitest';
import { compassPoint, formatMetres } from './format';

describe('formatMetres', () => {
  it('shows metres below a kilometre and kilometres with one decimal from there', () => {
    expect(formatMetres(40.4)).toBe('40m');
    expect(formatMetres(999.4)).toBe('999m');
    expect(formatMetres(1000)).toBe('1.0km');
    expect(formatMetres(1460)).toBe('1.5km');
    expect(formatMetres(Number.NaN)).toBe('');
  });
});

describe('compassPoint', () => {
  it('names the nearest of eight points, wrapping at north', () => {
    expect(compassPoint(0)).toBe('N');
    expect(compassPoint(359)).toBe('N');
    expect(compassPoint(22)).toBe('N');
    expect(compassPoint(23)).toBe('NE');
    expect(compassPoint(180)).toBe('S');
    expect(compassPoint(-90)).toBe('W');
  });
});
