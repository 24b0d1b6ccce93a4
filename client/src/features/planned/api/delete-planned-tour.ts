/** DELETE /api/drafts/tours/:id: a planned tour given up, with the drafts of its stops not pinned yet. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

export function useDeletePlannedTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('deletePlannedTour', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.drafts.all }),
  });
}
