/** Messages between the map and its clustering worker (the worker keeps supercluster off the main thread). */

export interface ClusterPoint {
  id: string;
  latitude: number;
  longitude: number;
}

export type ClusterRequest =
  | { kind: 'load'; points: ClusterPoint[] }
  | { kind: 'query'; requestId: number; bbox: [west: number, south: number, east: number, north: number]; zoom: number };

export type ClusterItem =
  | { kind: 'story'; id: string; latitude: number; longitude: number }
  | { kind: 'cluster'; id: number; latitude: number; longitude: number; count: number; expansionZoom: number };

export interface ClusterResponse {
  requestId: number;
  items: ClusterItem[];
}

/** Never draw more than this many markers at once (Leaflet pans badly past ~1,000 DOM markers). */
export const MAX_DOM_MARKERS = 500;
/** Clusters dissolve above this zoom, so at the map's max zoom (18) every story has its own marker. */
export const CLUSTER_MAX_ZOOM = 17;
/** Cluster radius in pixels: about one 40 px marker plus a margin. */
export const CLUSTER_RADIUS_PX = 60;
