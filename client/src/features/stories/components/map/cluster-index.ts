import Supercluster, { type AnyProps, type ClusterProperties } from 'supercluster';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS_PX,
  MAX_DOM_MARKERS,
  type ClusterItem,
  type ClusterPoint,
} from './cluster-protocol';

type StoryProps = { id: string };

/** A supercluster index of story points; pure so it can be unit-tested outside the worker. */
export function createClusterIndex(points: ClusterPoint[]) {
  const index = new Supercluster<StoryProps, AnyProps>({ radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM });
  index.load(
    points.map((p) => ({
      type: 'Feature' as const,
      properties: { id: p.id },
      geometry: { type: 'Point' as const, coordinates: [p.longitude, p.latitude] },
    })),
  );
  return {
    /**
     * Markers for a viewport, at most MAX_DOM_MARKERS: past the cap the view is clustered as at a lower zoom, so
     * every story in view stays represented (the final cut only applies at zoom 0, clusters first).
     */
    query(bbox: [number, number, number, number], zoom: number): ClusterItem[] {
      let z = Math.round(zoom);
      let features = index.getClusters(bbox, z);
      // Too many markers for the DOM: cluster as at a lower zoom instead of dropping stories.
      while (features.length > MAX_DOM_MARKERS && z > 0) features = index.getClusters(bbox, --z);
      const items: ClusterItem[] = features.map((feature) => {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const props = feature.properties as ClusterProperties | StoryProps;
        if ('cluster' in props && props.cluster) {
          return {
            kind: 'cluster',
            id: props.cluster_id,
            latitude,
            longitude,
            count: props.point_count,
            expansionZoom: index.getClusterExpansionZoom(props.cluster_id),
          };
        }
        return { kind: 'story', id: (props as StoryProps).id, latitude, longitude };
      });
      items.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'cluster' ? -1 : 1));
      return items.slice(0, MAX_DOM_MARKERS);
    },
  };
}
