/** DELETE /api/drafts/:id: the draft and its uploaded file go. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('deleteDraft', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.drafts.all }),
  });
}
