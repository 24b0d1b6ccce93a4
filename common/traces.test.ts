import { describe, expect, it } from 'vitest';
import {
  coarseDistanceM,
  digestMessage,
  hasUnsafeTraceCharacters,
  lockedTracesLine,
  tracesLeftMessage,
} from './traces';

describe('traces and follows texts', () => {
  it('refuses bidi overrides and isolates, zero-width and control characters, and keeps line breaks, tabs and emoji', () => {
    for (const text of ['Hello\u202Edlrow', 'a\u2066b\u2069', 'zero\u200Bwidth', 'bell\u0007', 'escape\u001b[31m']) {
      expect(hasUnsafeTraceCharacters(text)).toBe(true);
    }
    // The public-text rule for multi-line fields (text.ts): line breaks (LF, CRLF) and tabs are writing, not tricks.
    for (const text of ['Found it!\nThanks 👩‍👩‍👧', 'Found it!\r\nThanks', 'tab\there', 'Über die Brücke', 'مرحبا']) {
      expect(hasUnsafeTraceCharacters(text)).toBe(false);
    }
  });

  it('says the counts as the product does', () => {
    expect(lockedTracesLine(12)).toBe('12 traces — walk here to read them');
    expect(lockedTracesLine(1)).toBe('1 trace — walk here to read them');
    expect(tracesLeftMessage(3, 'Harbor Bell')).toBe('3 new traces on “Harbor Bell”');
  });

  it('rounds a digest distance to whole kilometres, never below one, and names no place without a position', () => {
    expect(coarseDistanceM(140)).toBe(1000);
    expect(coarseDistanceM(2_240)).toBe(2000);
    expect(digestMessage({ displayName: 'Ana', stories: 3, tours: 0, nearestM: 2_240 })).toBe(
      '3 new whispers by Ana, the nearest 2 km from you',
    );
    expect(digestMessage({ displayName: 'Ana', stories: 1, tours: 2, nearestM: null })).toBe(
      '1 new whisper and 2 new tours by Ana',
    );
    expect(digestMessage({ displayName: 'Ana\u202E', stories: 0, tours: 1, nearestM: 500 })).toBe('1 new tour by Ana');
  });
});
