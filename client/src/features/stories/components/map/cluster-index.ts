import Supercluster, { type AnyProps, type ClusterProperties } from 'supercluster';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS_PX,
  clusterCannotSplit,
  MAX_DOM_MARKERS,
  STACK_RADIUS_PX,
  type ClusterItem,
  type ClusterPoint,
} from './cluster-protocol';

type StoryProps = { id: string };
type StoryItem = Extract<ClusterItem, { kind: 'story' }>;

/** Web Mercator pixel position of a point at `zoom` (256 px tiles), for on-screen distances. */
function pixelAt(latitude: number, longitude: number, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return [((longitude + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

/**
 * Groups single markers that would hide one another at `zoom` (closer than STACK_RADIUS_PX) into stacks: a
 * cluster item listing its stories, with a negative id. Few markers reach here (at most MAX_DOM_MARKERS).
 */
function stackOverlapping(singles: StoryItem[], zoom: number): ClusterItem[] {
  const groups: { at: [number, number]; members: StoryItem[] }[] = [];
  for (const item of singles) {
    const at = pixelAt(item.latitude, item.longitude, zoom);
    const group = groups.find((g) => Math.hypot(g.at[0] - at[0], g.at[1] - at[1]) < STACK_RADIUS_PX);
    if (group) group.members.push(item);
    else groups.push({ at, members: [item] });
  }
  return groups.map(({ members }, i): ClusterItem => {
    const [first] = members;
    if (members.length === 1 && first) return first;
    return {
      kind: 'cluster',
      id: -(i + 1),
      latitude: first!.latitude,
      longitude: first!.longitude,
      count: members.length,
      expansionZoom: zoom + 1,
      storyIds: members.map((m) => m.id),
    };
  });
}

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
      // At the map's last zoom a cluster cannot split by zooming: it carries its stories' ids to list them.
      const lastZoom = clusterCannotSplit(zoom);
      const clusters: ClusterItem[] = [];
      const singles: StoryItem[] = [];
      for (const feature of features) {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const props = feature.properties as ClusterProperties | StoryProps;
        if ('cluster' in props && props.cluster) {
          clusters.push({
            kind: 'cluster',
            id: props.cluster_id,
            latitude,
            longitude,
            count: props.point_count,
            expansionZoom: index.getClusterExpansionZoom(props.cluster_id),
            ...(lastZoom && {
              storyIds: index.getLeaves(props.cluster_id, Infinity).map((leaf) => leaf.properties.id),
            }),
          });
        } else {
          singles.push({ kind: 'story', id: (props as StoryProps).id, latitude, longitude });
        }
      }
      // Above the clustering zoom supercluster returns every story alone, stacked ones included.
      const items = [...clusters, ...(z > CLUSTER_MAX_ZOOM ? stackOverlapping(singles, z) : singles)];
      items.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'cluster' ? -1 : 1));
      return items.slice(0, MAX_DOM_MARKERS);
    },
  };
}
