/** POST /api/drafts/tours/:id/publish: a planned tour with at least two pinned stops becomes a walking tour. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { invalidateAfterPinning } from '#client/lib/query-keys';

export function usePublishPlannedTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('publishPlannedTour', { params: { id }, body: {} }),
    onSuccess: () => invalidateAfterPinning(queryClient),
  });
}
