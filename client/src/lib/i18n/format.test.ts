import { afterEach, describe, expect, it } from 'vitest';
import { formatDistanceFor, formatNumber } from './format';
import { activateLocale } from './i18n';

describe('formats by the interface language', () => {
  afterEach(() => activateLocale('en'));

  it('keeps the spec’s English distances and writes miles and feet on request', async () => {
    await activateLocale('en');
    expect(formatDistanceFor(349.6, 'km')).toBe('350m');
    expect(formatDistanceFor(999.6, 'km')).toBe('1.0km');
    expect(formatDistanceFor(1234, 'km')).toBe('1.2km');
    expect(formatDistanceFor(100, 'mi')).toBe('330 ft');
    expect(formatDistanceFor(3218.7, 'mi')).toBe('2.0 mi');
  });

  it('writes Spanish and Arabic distances and numbers in their own forms', async () => {
    await activateLocale('es');
    expect(formatDistanceFor(1234, 'km')).toBe('1,2 km');
    expect(formatDistanceFor(350, 'km')).toBe('350 m');
    expect(formatNumber(12345)).toBe('12.345');
    await activateLocale('ar');
    expect(formatDistanceFor(1234, 'km')).toMatch(/كم/);
    expect(formatDistanceFor(1234, 'km')).not.toBe('1.2km');
  });
});
