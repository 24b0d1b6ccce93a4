import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditStoryRequest, Story } from '#common/schemas';
import { callApi } from '#client/lib/api';
import { invalidateStories } from '#client/lib/query-keys';

/** PATCH /api/stories/:id: the author's changes; answers the story as its author sees it. */
function updateStory({ id, changes }: { id: string; changes: EditStoryRequest }): Promise<Story> {
  return callApi('editStory', { params: { id }, body: changes });
}

export function useUpdateStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStory, onSuccess: () => invalidateStories(queryClient) });
}
