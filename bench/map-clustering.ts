/**
 * Main-thread clustering for comparison (bench/map-main-thread.ts): what the map's Web Worker keeps off the main
 * thread — supercluster in a fresh page, and the app's own cluster-index.ts in Node.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { createClusterIndex } from '../client/src/features/stories/components/map/cluster-index';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS_PX } from '../client/src/features/stories/components/map/cluster-protocol';
import { DEFAULT_ZOOM } from '#common/constants';

// The package's UMD build (its `exports` only names index.js, which sits beside dist/).
const SUPERCLUSTER_JS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('supercluster')),
  'dist/supercluster.min.js',
);

/**
 * supercluster in a fresh page (so the first run is as cold as at start-up), same options and query as the app's
 * cluster-index.ts: load, getClusters for the viewport at zoom 13, the expansion zoom of every cluster.
 * One synchronous task, so its duration is the blocking the main thread would see.
 */
export async function clusterInPage(
  browser: Browser,
  points: { id: string; latitude: number; longitude: number }[],
  bbox: number[],
  cpuThrottle: number,
) {
  const page = await browser.newPage();
  try {
    if (cpuThrottle > 1)
      await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    await page.addScriptTag({ path: SUPERCLUSTER_JS });
    await page.evaluate(
      (data) => {
        (window as unknown as { __input: unknown }).__input = data;
      },
      { points, bbox, radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM, zoom: DEFAULT_ZOOM },
    );
    const run = `(() => {
      const { points, bbox, radius, maxZoom, zoom } = window.__input;
      const t0 = performance.now();
      const index = new Supercluster({ radius, maxZoom });
      index.load(points.map((p) => ({ type: 'Feature', properties: { id: p.id }, geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] } })));
      const t1 = performance.now();
      const features = index.getClusters(bbox, zoom);
      for (const f of features) if (f.properties.cluster) index.getClusterExpansionZoom(f.properties.cluster_id);
      return [t1 - t0, performance.now() - t1, features.length];
    })()`;
    const times: [number, number, number][] = [];
    for (let i = 0; i < 4; i++) times.push(await page.evaluate<[number, number, number]>(run));
    const warm = times.slice(1).map(([l, q]) => l + q);
    return { cold: times[0]![0] + times[0]![1], coldLoad: times[0]![0], warm: Math.min(...warm), items: times[0]![2] };
  } finally {
    await page.close();
  }
}

/** The app's own cluster-index.ts in Node (same V8); the first call of the process is the cold one. */
export function clusterInNode(points: { id: string; latitude: number; longitude: number }[], bbox: number[]) {
  const times: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    createClusterIndex(points).query(bbox as [number, number, number, number], DEFAULT_ZOOM);
    times.push(performance.now() - t0);
  }
  return { first: times[0]!, warm: Math.min(...times.slice(1)) };
}
