import { describe, expect, it } from 'vitest';
import { coordinatesLabel, navigateUrl, previewText } from './discovery-text';

describe('previewText', () => {
  it('keeps a short text, cuts a long one at the limit with "..."', () => {
    expect(previewText('  Short story.  ', 120, 'x')).toBe('Short story.');
    const long = 'a'.repeat(119) + ' bcdef';
    expect(previewText(long, 120, 'x')).toBe(`${'a'.repeat(119)}...`);
    expect(previewText('b'.repeat(120), 120, 'x')).toBe('b'.repeat(120));
  });

  it('falls back when there is no text (a locked story has no content)', () => {
    expect(previewText(undefined, 120, 'Discover this mystical story...')).toBe('Discover this mystical story...');
    expect(previewText(null, 120, 'fallback')).toBe('fallback');
    expect(previewText('   ', 120, 'fallback')).toBe('fallback');
  });
});

describe('coordinatesLabel', () => {
  it('names the known Savannah coordinate', () => {
    expect(coordinatesLabel(32.0835, -81.0998)).toBe('Historic Savannah District');
    expect(coordinatesLabel(32.08352, -81.09981)).toBe('Historic Savannah District');
  });

  it('shows other places as coordinates with four decimals', () => {
    expect(coordinatesLabel(32.0845, -81.0998)).toBe('32.0845, -81.0998');
    expect(coordinatesLabel(-33.9, 151.2)).toBe('-33.9000, 151.2000');
  });
});

describe('navigateUrl', () => {
  it('is an external maps search for the coordinates', () => {
    expect(navigateUrl(32.0835, -81.0998)).toBe('https://www.google.com/maps/search/?api=1&query=32.0835,-81.0998');
  });
});
