import { describe, expect, it } from 'vitest';
import { createClusterIndex } from './cluster-index';
import { clusterClickZoom, MAX_DOM_MARKERS } from './cluster-protocol';

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

  it('clusters a crowded street at full zoom instead of dropping stories past the cap', () => {
    // 1,000 stories in a ~150 m square: at zoom 18 each would get its own marker.
    const crowded = Array.from({ length: 1_000 }, (_, i) => ({
      id: `d${i}`,
      latitude: 32.08 + (((i * 7919) % 1000) / 1_000) * 0.0014,
      longitude: -81.1 + (((i * 104729) % 1000) / 1_000) * 0.0016,
    }));
    const items = createClusterIndex(crowded).query([-81.101, 32.079, -81.098, 32.082], 18);
    expect(items.length).toBeLessThanOrEqual(MAX_DOM_MARKERS);
    expect(items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0)).toBe(1_000);
  });

  it('a cluster click always zooms in, at most to the last tile zoom', () => {
    expect(clusterClickZoom(15, 13)).toBe(15);
    expect(clusterClickZoom(11, 13)).toBe(14); // a cluster made at a lower zoom in a crowded view
    expect(clusterClickZoom(13, 13)).toBe(14);
    expect(clusterClickZoom(19, 17)).toBe(18);
    expect(clusterClickZoom(18, 18)).toBe(18);
  });

  it('stacks stories at one spot at the last zoom into one cluster that lists them', () => {
    const spot = Array.from({ length: 6 }, (_, i) => ({ id: `p${i}`, latitude: 32.08, longitude: -81.1 }));
    const nearby = { id: 'n', latitude: 32.0801, longitude: -81.1001 }; // ~14 m away: its own marker
    const items = createClusterIndex([...spot, nearby]).query([-81.2, 32, -81, 32.2], 18);
    const stack = items.find((item) => item.kind === 'cluster');
    expect(stack).toMatchObject({ kind: 'cluster', count: 6 });
    expect(stack?.kind === 'cluster' && [...(stack.storyIds ?? [])].sort()).toEqual([
      'p0',
      'p1',
      'p2',
      'p3',
      'p4',
      'p5',
    ]);
    expect(items.filter((item) => item.kind === 'story').map((item) => item.id)).toEqual(['n']);
  });

  it('lists a crowded cluster at the last zoom, and zooms into it below that', () => {
    const crowded = Array.from({ length: 1_000 }, (_, i) => ({
      id: `d${i}`,
      latitude: 32.08 + (((i * 7919) % 1000) / 1_000) * 0.0014,
      longitude: -81.1 + (((i * 104729) % 1000) / 1_000) * 0.0016,
    }));
    const index = createClusterIndex(crowded);
    const atLast = index.query([-81.101, 32.079, -81.098, 32.082], 18).filter((item) => item.kind === 'cluster');
    expect(atLast.length).toBeGreaterThan(0);
    for (const cluster of atLast)
      expect(cluster.kind === 'cluster' && cluster.storyIds?.length).toBe(cluster.kind === 'cluster' && cluster.count);
    const below = index.query([-81.101, 32.079, -81.098, 32.082], 16).filter((item) => item.kind === 'cluster');
    expect(below.every((cluster) => cluster.kind === 'cluster' && cluster.storyIds === undefined)).toBe(true);
  });
});
