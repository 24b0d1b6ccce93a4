import { describe, expect, it } from 'vitest';
import type { MapMarker } from '#common/map-schemas';
import { withKnownTitles } from './marker-titles';

const marker = (id: string): MapMarker => ({
  id,
  latitude: 32.08,
  longitude: -81.1,
  category: 'History',
  type: 'audio',
  timeRestriction: 'none',
  distance: 120,
  isLocked: true,
  lockReason: 'distance',
});

describe('withKnownTitles', () => {
  it('names the markers whose story another answer holds, and leaves the rest untitled', () => {
    const markers = [marker('a'), marker('b'), marker('c')];
    const named = withKnownTitles(markers, [[{ id: 'b', title: 'Bells' }], undefined, [{ id: 'c', title: 'Chapel' }]]);
    expect(named.map((m) => m.title)).toEqual([undefined, 'Bells', 'Chapel']);
    expect(named[0]).toBe(markers[0]); // unchanged markers keep their identity (memoised map markers)
  });

  it('returns the same array when no title is known', () => {
    const markers = [marker('a')];
    expect(withKnownTitles(markers, [undefined, []])).toBe(markers);
  });
});
