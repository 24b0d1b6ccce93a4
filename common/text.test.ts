import { describe, expect, it } from 'vitest';
import { countWords } from './text';

describe('countWords', () => {
  it('counts whitespace-separated words', () => {
    expect(countWords('  the old   oak tree ')).toBe(4);
    expect(countWords('line one\nline\ttwo')).toBe(4);
  });

  it('ignores runs without a letter or digit, and empty text', () => {
    expect(countWords('wait — what ?!')).toBe(2);
    expect(countWords('')).toBe(0);
    expect(countWords(null)).toBe(0);
    expect(countWords('   ')).toBe(0);
  });

  it('counts letters of any script', () => {
    expect(countWords('Stille Nacht, 静かな 夜')).toBe(4);
  });
});
