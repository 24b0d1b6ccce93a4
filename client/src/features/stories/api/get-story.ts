import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
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

/**
 * The titles of the stories `ids` by the one-story read, asked without a position (a title does not depend on it):
 * the marker answer carries none (docs/decisions/025-marker-columns-without-titles.md), so a stack's list asks
 * for them when it opens (docs/decisions/058-stack-titles-and-hint-room.md). Exactly what the server answers: a
 * story it does not show (hidden, deleted) has no title here. `loading` while any is still on its way.
 */
export function useStoryTitles(ids: readonly string[]): { titles: ReadonlyMap<string, string>; loading: boolean } {
  return useQueries({
    queries: ids.map((id) => storyQuery(id, null)),
    combine: (results) => ({
      titles: new Map(
        results.flatMap((result) => (result.data?.title ? [[result.data.id, result.data.title] as const] : [])),
      ),
      loading: results.some((result) => result.isPending && result.fetchStatus !== 'idle'),
    }),
  });
}
