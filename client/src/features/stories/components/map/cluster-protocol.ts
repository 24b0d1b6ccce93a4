/** Messages between the map and its clustering worker (the worker keeps supercluster off the main thread). */
import { MAX_TILE_ZOOM } from '#common/constants';

export interface ClusterPoint {
  id: string;
  latitude: number;
  longitude: number;
}

export type ClusterRequest =
  | { kind: 'load'; points: ClusterPoint[] }
  | {
      kind: 'query';
      requestId: number;
      bbox: [west: number, south: number, east: number, north: number];
      zoom: number;
    };

export type ClusterItem =
  | { kind: 'story'; id: string; latitude: number; longitude: number }
  | {
      kind: 'cluster';
      /** Supercluster's id; negative for a stack (stories at one spot at the last zoom). */
      id: number;
      latitude: number;
      longitude: number;
      count: number;
      expansionZoom: number;
      /** Set when the cluster cannot split any further on this map (its last zoom): a click lists these stories. */
      storyIds?: string[];
    };

export interface ClusterResponse {
  requestId: number;
  items: ClusterItem[];
}

/**
 * Never draw more than this many markers at once: a phone's map fits ~90 separate 40 px markers, and drawing 500
 * took 150 ms long tasks on a 4× slowed CPU (bench/map-main-thread.ts).
 */
export const MAX_DOM_MARKERS = 150;
/** Clusters dissolve above this zoom, so at the map's max zoom (18) every story has its own marker. */
export const CLUSTER_MAX_ZOOM = 17;
/** Cluster radius in pixels: about one 40 px marker plus a margin. */
export const CLUSTER_RADIUS_PX = 60;
/**
 * At the last zoom, markers closer than this (pixels, about 4 m) hide one another: they become one stack that
 * lists its stories when clicked.
 */
export const STACK_RADIUS_PX = 8;

/** Whether a cluster shown at `zoom` can still split by zooming in, or must list its stories instead. */
export function clusterCannotSplit(zoom: number): boolean {
  return Math.round(zoom) >= MAX_TILE_ZOOM;
}

/**
 * Where a click on a cluster zooms to: where it breaks apart, but always at least one level further in, since a
 * crowded view may show clusters made at a lower zoom (cluster-index.ts `query`), whose expansion zoom can be the current one
 * or below it.
 */
export function clusterClickZoom(expansionZoom: number, currentZoom: number): number {
  return Math.min(Math.max(expansionZoom, Math.floor(currentZoom) + 1), MAX_TILE_ZOOM);
}
