import { describe, expect, it } from 'vitest';
import { mapWithheld } from '../story-view';
import { ContentCache } from './content-cache';

const values = (content: string | null) => ({ ...mapWithheld(() => null), content });

describe('ContentCache', () => {
  it('answers only for the revision the values were read at', () => {
    const cache = new ContentCache();
    cache.set('a', 7, values('seven'));
    expect(cache.get('a', 7)?.content).toBe('seven');
    expect(cache.get('a', 8)).toBeUndefined();
    expect(cache.get('b', 7)).toBeUndefined();
  });

  it('keeps the newer revision when a late answer arrives', () => {
    const cache = new ContentCache();
    cache.set('a', 9, values('nine'));
    cache.set('a', 8, values('eight'));
    expect(cache.get('a', 9)?.content).toBe('nine');
    expect(cache.get('a', 8)).toBeUndefined();
    cache.set('a', 10, values('ten'));
    expect(cache.get('a', 10)?.content).toBe('ten');
    expect(cache.size).toBe(1);
  });

  it('lets the oldest entries go past its entry bound', () => {
    const cache = new ContentCache(3);
    for (const id of ['a', 'b', 'c', 'd']) cache.set(id, 1, values(id));
    expect(cache.size).toBe(3);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('d', 1)?.content).toBe('d');
  });

  it('lets the oldest entries go past its character bound, and never holds one larger than the bound', () => {
    const cache = new ContentCache(100, 10);
    cache.set('a', 1, values('12345'));
    cache.set('b', 1, values('12345'));
    cache.set('c', 1, values('123'));
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.content).toBe('12345');
    expect(cache.get('c', 1)?.content).toBe('123');
    cache.set('huge', 1, values('x'.repeat(11)));
    expect(cache.get('huge', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
  });

  it('holds nothing with a bound of 0 (off)', () => {
    const cache = new ContentCache(0);
    cache.set('a', 1, values('a'));
    expect(cache.get('a', 1)).toBeUndefined();
  });
});
