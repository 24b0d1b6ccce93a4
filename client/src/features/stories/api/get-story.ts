import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Story } from '#common/schemas';
import type { Point as Location } from '#common/geo';
import { callApi } from '#client/lib/api';
import { accuracyClaim, accuracyParam } from '#client/lib/location/claim-lock-text';
import { queryKeys } from '#client/lib/query-keys';

/** One story as the reader at `location` may see it (locked stories come without content). */
function storyQuery(id: string, location: Location | null, accuracy: number | null = null) {
  const claim = accuracyParam(accuracy);
  const where = location
    ? { lat: String(location.latitude), lng: String(location.longitude), accuracy: accuracyClaim(accuracy) }
    : undefined;
  return queryOptions({
    queryKey: queryKeys.stories.detail(id, location, claim),
    queryFn: ({ signal }) => callApi('story', { params: { id }, query: where, signal }),
    // Its media URLs are signed for minutes (MEDIA_URL_TTL_SECONDS) and stop working once the story is hidden:
    // opening the dialog again later fetches fresh ones rather than reusing the cached copy (the default never does).
    staleTime: 60_000,
  });
}

/** `initial` (e.g. the card that was clicked) shows at once while the fresh copy loads. */
export function useStory(
  id: string | null,
  location: Location | null,
  initial?: Story,
  accuracy: number | null = null,
) {
  return useQuery({ ...storyQuery(id ?? '', location, accuracy), enabled: id !== null, placeholderData: initial });
}
