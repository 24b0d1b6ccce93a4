import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { likeResponseSchema } from '#common/schemas';
import { apiSend } from '#client/lib/api-client';
import { invalidateStories } from '#client/lib/query-keys';

type LikeResponse = z.infer<typeof likeResponseSchema>;

function likeStory(id: string): Promise<LikeResponse> {
  return apiSend<LikeResponse>('POST', `/api/stories/${encodeURIComponent(id)}/like`);
}

export function useLikeStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: likeStory, onSuccess: () => invalidateStories(queryClient) });
}

function unlikeStory(id: string): Promise<LikeResponse> {
  return apiSend<LikeResponse>('DELETE', `/api/stories/${encodeURIComponent(id)}/like`);
}

/** Takes a like back (issue 23 item 6): the server answers the new count and `liked: false`. */
export function useUnlikeStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlikeStory, onSuccess: () => invalidateStories(queryClient) });
}
