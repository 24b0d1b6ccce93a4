import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { likeResponseSchema } from '#common/schemas';
import { apiRequest } from '#client/lib/api-client';
import { invalidateStoryCaches } from '#client/lib/query-keys';

export type LikeResponse = z.infer<typeof likeResponseSchema>;

export async function likeStory(id: string): Promise<LikeResponse> {
  const res = await apiRequest('POST', `/api/stories/${encodeURIComponent(id)}/like`);
  return (await res.json()) as LikeResponse;
}

export function useLikeStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: likeStory, onSuccess: () => invalidateStoryCaches(queryClient) });
}
