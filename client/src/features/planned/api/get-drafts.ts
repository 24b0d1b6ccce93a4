/** GET /api/drafts: the author's planned stories (docs/decisions/060-story-drafts-and-routes-in.md), newest first. */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

export function useDrafts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.drafts.mine,
    queryFn: async ({ signal }) => (await callApi('myDrafts', { signal })).drafts,
    enabled,
  });
}
