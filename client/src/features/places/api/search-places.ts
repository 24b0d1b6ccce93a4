/** The place search over the API (the server's offline gazetteer; no geocoding service is called). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

/** Up to 10 towns for what was typed (trimmed; nothing is asked for an empty text). */
export function usePlaceSearch(typed: string) {
  const q = typed.trim();
  return useQuery({
    queryKey: queryKeys.places.search(q.toLowerCase()),
    queryFn: ({ signal }) => callApi('placeSearch', { query: { q }, signal }),
    enabled: q.length > 0,
    // The answer to a text never changes while the server runs: as-you-type, the last list stays until the next.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
