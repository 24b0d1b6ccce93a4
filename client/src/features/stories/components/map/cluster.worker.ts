/// <reference lib="webworker" />
import { createClusterIndex } from './cluster-index';
import type { ClusterRequest, ClusterResponse } from './cluster-protocol';

declare const self: DedicatedWorkerGlobalScope;

// Builds the supercluster index and answers viewport queries off the main thread.
let index = createClusterIndex([]);

self.onmessage = (event: MessageEvent<ClusterRequest>) => {
  const message = event.data;
  if (message.kind === 'load') {
    index = createClusterIndex(message.points);
    return;
  }
  const response: ClusterResponse = { requestId: message.requestId, items: index.query(message.bbox, message.zoom) };
  self.postMessage(response);
};
