import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location, Story } from '#common/schemas';
import { apiGet } from '../api-client';
import { queryKeys } from '#client/lib/query-keys';

/** Stories within 1.5 km of the reader (the "Nearby Whispers" list and the AR view), nearest first. */
export function discoverableStoriesQuery(location: Location) {
  return queryOptions({
    queryKey: queryKeys.stories.discoverable(location),
    queryFn: ({ signal }) =>
      apiGet<Story[]>(`/api/stories/discoverable/${location.latitude}/${location.longitude}`, { signal }),
  });
}

export function useDiscoverableStories(location: Location, enabled = true) {
  return useQuery({ ...discoverableStoriesQuery(location), enabled });
}
