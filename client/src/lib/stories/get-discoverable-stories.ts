import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Point } from '#common/geo';
import { callApi } from '#client/lib/api';
import { accuracyClaim, accuracyParam } from '#client/lib/location/claim-lock-text';
import { queryKeys } from '#client/lib/query-keys';

/** The reader's position claim: a real fix (with its accuracy), or only an area to look at (location denied). */
export interface ReaderClaim {
  known: boolean;
  accuracy: number | null;
}

/**
 * Stories within 1.5 km of the reader (the "Nearby Whispers" list and the AR view), nearest first. Without a
 * known position the positionless "around" read is used: the same stories, all locked (docs/security.md, "Location: a position is a claim").
 */
export function discoverableStoriesQuery(location: Point, claim: ReaderClaim = { known: true, accuracy: null }) {
  const accuracy = accuracyParam(claim.accuracy);
  const params = { lat: location.latitude, lng: location.longitude };
  return queryOptions({
    queryKey: queryKeys.stories.discoverable(location, claim.known ? accuracy : 'around'),
    queryFn: ({ signal }) =>
      claim.known
        ? callApi('discoverableStories', { params, query: { accuracy: accuracyClaim(claim.accuracy) }, signal })
        : callApi('storiesAround', { params, signal }),
  });
}

export function useDiscoverableStories(location: Point, enabled = true, claim?: ReaderClaim) {
  return useQuery({ ...discoverableStoriesQuery(location, claim), enabled });
}
