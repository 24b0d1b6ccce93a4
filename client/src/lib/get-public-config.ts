import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client';
import { queryKeys } from '#client/lib/query-keys';

interface PublicConfig {
  tileUrl: string;
  tileAttribution: string;
}

/** GET /api/config: the tile server and its attribution (never changes while the page is open). */
const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => apiGet<PublicConfig>('/api/config', { signal }),
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
