import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DISCOVERY } from '#common/constants';
import type { Location, Story } from '#common/schemas';
import { apiGet } from '#client/lib/api-client';
import { queryKeys } from '#client/lib/query-keys';

/** A map viewport in degrees. */
export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Rounded to ~100 m so small pans reuse the cached answer instead of refetching. */
function bboxParam(box: BoundingBox): string {
  const r = (value: number) => Math.round(value * 1000) / 1000;
  return [r(box.west), r(box.south), r(box.east), r(box.north)].join(',');
}

/**
 * Stories inside the visible map area; the reader's location makes the server add distance and lock state.
 * The previous viewport's stories stay shown while the next ones load (no flicker while panning).
 */
function mapStoriesQuery(box: BoundingBox, reader: Location) {
  const bbox = bboxParam(box);
  return queryOptions({
    queryKey: queryKeys.stories.map(bbox, reader),
    queryFn: ({ signal }) =>
      apiGet<Story[]>(
        `/api/stories/map?bbox=${bbox}&lat=${reader.latitude}&lng=${reader.longitude}`,
        { signal },
      ),
    retry: DISCOVERY.mapRetries,
    placeholderData: keepPreviousData,
  });
}

export function useMapStories(box: BoundingBox | null, reader: Location) {
  return useQuery({ ...mapStoriesQuery(box ?? { west: 0, south: 0, east: 0, north: 0 }, reader), enabled: box !== null });
}
