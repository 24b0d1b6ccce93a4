import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';

/** Blocks an author (private: they are not told); every story list and the notifications refetch without them. */
export function useBlockAuthor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (authorId: string) => callApi('blockAuthor', { params: { userId: authorId } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
