import { useQuery } from '@tanstack/react-query';
import type { Point } from '#common/geo';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

/** The newest public stories of the authors the reader follows, with the server's lock decisions for this reader. */
export function useFollowedStories(reader: Point | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.follows.stories(reader),
    queryFn: ({ signal }) =>
      callApi('followedStories', {
        query: reader ? { lat: String(reader.latitude), lng: String(reader.longitude) } : {},
        signal,
      }),
    enabled,
  });
}
