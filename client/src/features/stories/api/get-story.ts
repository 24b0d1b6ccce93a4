import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location, Story } from '#common/schemas';
import { apiGet } from '#client/lib/api-client';
import { queryKeys } from '#client/lib/query-keys';

/** One story as the reader at `location` may see it (locked stories come without content). */
function storyQuery(id: string, location: Location | null) {
  const where = location ? `?lat=${location.latitude}&lng=${location.longitude}` : '';
  return queryOptions({
    queryKey: queryKeys.stories.detail(id, location),
    queryFn: ({ signal }) => apiGet<Story>(`/api/stories/${encodeURIComponent(id)}${where}`, { signal }),
  });
}

/** `initial` (e.g. the card that was clicked) shows at once while the fresh copy loads. */
export function useStory(id: string | null, location: Location | null, initial?: Story) {
  return useQuery({ ...storyQuery(id ?? '', location), enabled: id !== null, placeholderData: initial });
}
