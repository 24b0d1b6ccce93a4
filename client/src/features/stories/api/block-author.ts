import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client';

/** Blocks an author (private: they are not told); every story list and the notifications refetch without them. */
export function useBlockAuthor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (authorId: string) => apiRequest('PUT', `/api/blocks/${encodeURIComponent(authorId)}`),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
