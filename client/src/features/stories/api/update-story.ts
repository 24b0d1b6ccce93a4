import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditStoryRequest, Story } from '#common/schemas';
import { apiSend } from '#client/lib/api-client';
import { invalidateStories } from '#client/lib/query-keys';

/** PATCH /api/stories/:id: the author's changes; answers the story as its author sees it. */
function updateStory({ id, changes }: { id: string; changes: EditStoryRequest }): Promise<Story> {
  return apiSend<Story>('PATCH', `/api/stories/${encodeURIComponent(id)}`, changes);
}

export function useUpdateStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStory, onSuccess: () => invalidateStories(queryClient) });
}
