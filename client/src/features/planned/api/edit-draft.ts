/** PATCH /api/drafts/:id: new text fields or a new planned place (checked by the server as a story would be). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

export function useEditDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: Record<string, string> }) =>
      callApi('editDraft', { params: { id }, body: { fields } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.drafts.all }),
  });
}
