import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client';

export interface PublicConfig {
  tileUrl: string;
  tileAttribution: string;
}

/** GET /api/config: the tile server and its attribution (never changes while the page is open). */
export const publicConfigQuery = queryOptions({
  queryKey: ['/api/config'] as const,
  queryFn: ({ signal }) => apiGet<PublicConfig>('/api/config', { signal }),
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
