import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { pageConfig } from '#client/lib/api-client';
import { queryKeys } from '#client/lib/query-keys';

/** GET /api/config: the tile server and its attribution (never changes while the page is open). */
const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  // The page's first call already fetched it; asked again only when that one failed.
  queryFn: async ({ signal }) => (await pageConfig()) ?? callApi('publicConfig', { signal }),
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
