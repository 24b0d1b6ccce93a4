/** GET /api/drafts/tours: the author's planned tours with their stops, pinned or still to pin. */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

export function usePlannedTours(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.drafts.tours,
    queryFn: async ({ signal }) => (await callApi('myPlannedTours', { signal })).tours,
    enabled,
  });
}
