import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiAnswer } from '#client/lib/api';
import { invalidateStories } from '#client/lib/query-keys';

type LikeResponse = ApiAnswer<'likeStory'>;

function likeStory(id: string): Promise<LikeResponse> {
  return callApi('likeStory', { params: { id } });
}

export function useLikeStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: likeStory, onSuccess: () => invalidateStories(queryClient) });
}

function unlikeStory(id: string): Promise<LikeResponse> {
  return callApi('unlikeStory', { params: { id } });
}

/** Takes a like back (docs/decisions/014-phone-round-2.md): the server answers the new count and `liked: false`. */
export function useUnlikeStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlikeStory, onSuccess: () => invalidateStories(queryClient) });
}
