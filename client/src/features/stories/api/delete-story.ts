import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { invalidateStories, queryKeys } from '#client/lib/query-keys';

/** DELETE /api/stories/:id (204). */
async function deleteStory(id: string): Promise<void> {
  await callApi('deleteStory', { params: { id } });
}

/**
 * `onDeleted` runs first (e.g. closing the dialog that showed the story), then the caches refresh. It sits on the
 * mutation, not on `mutate`, so it still runs when the refresh unmounts the component that asked.
 */
export function useDeleteStory({ onDeleted }: { onDeleted?: (id: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: async (_data, id) => {
      onDeleted?.(id);
      // The story's own reads would only answer 404 now: drop them rather than refetch them.
      queryClient.removeQueries({ queryKey: [...queryKeys.stories.all, 'detail', id] });
      await invalidateStories(queryClient);
    },
  });
}
