import { startTransition, useEffect, useRef, useState } from 'react';
import type { MapMarker } from '#common/map-schemas';
import type { ClusterItem, ClusterRequest, ClusterResponse } from './cluster-protocol';

export interface MapView {
  bbox: [number, number, number, number];
  zoom: number;
}

/**
 * Clusters `stories` for the current view in a Web Worker. Only the newest query's answer is kept, so a
 * burst of pans never paints stale markers.
 */
export function useMapClusters(stories: readonly MapMarker[], view: MapView | null): ClusterItem[] {
  const workerRef = useRef<Worker | null>(null);
  const requestRef = useRef(0);
  const [items, setItems] = useState<ClusterItem[]>([]);

  useEffect(() => {
    const worker = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ClusterResponse>) => {
      // A transition: React renders the markers in slices, between which the page stays responsive (bench/README.md).
      if (event.data.requestId === requestRef.current) startTransition(() => setItems(event.data.items));
    };
    workerRef.current = worker;
    return () => {
      worker.terminate();
      workerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const message: ClusterRequest = {
      kind: 'load',
      points: stories.map((s) => ({ id: s.id, latitude: s.latitude, longitude: s.longitude })),
    };
    workerRef.current?.postMessage(message);
  }, [stories]);

  useEffect(() => {
    if (!view) return;
    requestRef.current += 1;
    const message: ClusterRequest = { kind: 'query', requestId: requestRef.current, bbox: view.bbox, zoom: view.zoom };
    workerRef.current?.postMessage(message);
    // `stories` is a dependency so a new list is re-queried right after it is loaded (messages stay in order).
  }, [view, stories]);

  return items;
}
