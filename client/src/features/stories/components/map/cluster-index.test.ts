import { describe, expect, it } from 'vitest';
import { createClusterIndex } from './cluster-index';
import { MAX_DOM_MARKERS } from './cluster-protocol';

/** `n` points spread over a ~20 km square around Savannah (deterministic). */
function points(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `s${i}`,
    latitude: 32.0 + ((i * 7919) % 1000) / 5000,
    longitude: -81.2 + ((i * 104729) % 1000) / 5000,
  }));
}

describe('cluster index', () => {
  it('keeps 10,000 stories under the DOM marker cap and accounts for every story', () => {
    const index = createClusterIndex(points(10_000));
    const items = index.query([-81.3, 31.9, -80.9, 32.3], 13);
    expect(items.length).toBeLessThanOrEqual(MAX_DOM_MARKERS);
    const total = items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);
    expect(total).toBe(10_000);
    const cluster = items.find((item) => item.kind === 'cluster');
    expect(cluster && cluster.kind === 'cluster' && cluster.expansionZoom).toBeGreaterThan(13);
  });

  it('shows single stories when they are far apart or fully zoomed in', () => {
    const index = createClusterIndex([
      { id: 'a', latitude: 32.08, longitude: -81.1 },
      { id: 'b', latitude: 32.0801, longitude: -81.1001 },
      { id: 'c', latitude: 40, longitude: -70 },
    ]);
    const wide = index.query([-180, -85, 180, 85], 13);
    expect(wide).toHaveLength(2);
    expect(wide[0]).toMatchObject({ kind: 'cluster', count: 2 });
    const close = index.query([-81.2, 32, -81, 32.2], 18);
    expect(close.map((item) => item.kind === 'story' && item.id).sort()).toEqual(['a', 'b']);
  });
});
