import { describe, expect, it } from 'vitest';
import { knownTitles } from './marker-titles';

describe('knownTitles', () => {
  it('gathers the titles of every list the page holds, by story id', () => {
    const titles = knownTitles([[{ id: 'b', title: 'Bells' }], undefined, [{ id: 'c', title: 'Chapel' }]]);
    expect([...titles]).toEqual([
      ['b', 'Bells'],
      ['c', 'Chapel'],
    ]);
    expect(titles.get('a')).toBeUndefined();
  });
});
