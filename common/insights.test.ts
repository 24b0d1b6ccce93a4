import { describe, expect, it } from 'vitest';
import { acceptsEvent, FEWER_THAN_3, readingTimeMs, shownCount, shownCountText } from './insights';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('readingTimeMs (250 words a minute, capped at 60 s)', () => {
  it('is a quarter of a second a word', () => {
    expect(readingTimeMs(words(250))).toBe(60_000);
    expect(readingTimeMs(words(125))).toBe(30_000);
    expect(readingTimeMs(words(10))).toBe(2_400);
    expect(readingTimeMs('One.')).toBe(240);
  });
  it('caps long texts at 60 s', () => {
    expect(readingTimeMs(words(251))).toBe(60_000);
    expect(readingTimeMs(words(5_000))).toBe(60_000);
  });
  it('counts words as the word count does (a lone dash is not one); no text takes no time', () => {
    expect(readingTimeMs('a — b')).toBe(480);
    expect(readingTimeMs('')).toBe(0);
    expect(readingTimeMs(null)).toBe(0);
  });
});

describe('shownCount (the small-count rule)', () => {
  it('shows 1 and 2 as "fewer than 3"', () => {
    expect(shownCount(1)).toBe('fewer than 3');
    expect(shownCount(2)).toBe(FEWER_THAN_3);
  });
  it('keeps 0 as 0, and 3 and more as they are', () => {
    expect(shownCount(0)).toBe(0);
    expect(shownCount(3)).toBe(3);
    expect(shownCount(1234)).toBe(1234);
  });
  it('writes counts for people', () => {
    expect(shownCountText(FEWER_THAN_3)).toBe('fewer than 3');
    expect(shownCountText(1234)).toBe('1,234');
  });
});

describe('acceptsEvent', () => {
  it('takes plays and quartiles for audio and video, "read" for text, opens and shares for all', () => {
    expect(acceptsEvent('audio', 'q50')).toBe(true);
    expect(acceptsEvent('video', 'play')).toBe(true);
    expect(acceptsEvent('text', 'play')).toBe(false);
    expect(acceptsEvent('text', 'read')).toBe(true);
    expect(acceptsEvent('audio', 'read')).toBe(false);
    expect(acceptsEvent('image', 'open')).toBe(true);
    expect(acceptsEvent('tiktok', 'share')).toBe(true);
  });
});
