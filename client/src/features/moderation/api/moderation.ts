/** The moderation calls (docs/design.md, rule 18, docs/moderation.md) as TanStack Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#common/moderation';
import type { StoryDecisionRequest, UserDecisionRequest } from '#common/moderation-schemas';
import { queryKeys } from '#client/lib/query-keys';
import { callApi } from '#client/lib/api';

const keys = {
  all: ['moderation'] as const,
  queue: ['moderation', 'queue'] as const,
  mine: ['moderation', 'mine'] as const,
  blocks: ['moderation', 'blocks'] as const,
};

export function useModerationQueue() {
  return useQuery({
    queryKey: keys.queue,
    queryFn: ({ signal }) => callApi('moderationQueue', { signal }),
    retry: false,
  });
}

/**
 * After any decision: the queue, and every story list (a hidden or restored story moves). Not awaited: the decided
 * item leaves the queue with the refetch, and a caller's own onSuccess (its toast) would never run once its
 * component had gone — the moderator saw no confirmation (tests/e2e/moderation.spec.ts).
 */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries();
  };
}

export function useDecideOnStory() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ storyId, ...body }: StoryDecisionRequest & { storyId: string }) =>
      callApi('decideOnStory', { params: { id: storyId }, body }),
    onSuccess: refresh,
  });
}

export function useDecideOnUser() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ userId, ...body }: UserDecisionRequest & { userId: string }) =>
      callApi('decideOnUser', { params: { userId }, body }),
    onSuccess: refresh,
  });
}

export function useResolveAppeal() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ appealId, outcome, note }: { appealId: string; outcome: 'uphold' | 'reverse'; note?: string }) =>
      callApi('resolveAppeal', { params: { id: appealId }, body: { outcome, ...(note ? { note } : {}) } }),
    onSuccess: refresh,
  });
}

export function useMyDecisions(enabled: boolean) {
  return useQuery({ queryKey: keys.mine, queryFn: ({ signal }) => callApi('myDecisions', { signal }), enabled });
}

export function useAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decisionId, text }: { decisionId: string; text: string }) =>
      callApi('appealDecision', { params: { id: decisionId }, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.mine }),
  });
}

export function useBlocks(enabled: boolean) {
  return useQuery({ queryKey: keys.blocks, queryFn: ({ signal }) => callApi('blocks', { signal }), enabled });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callApi('unblockAuthor', { params: { userId } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Admins only: give a user a role (POST /api/admin/roles). The changed user sees it on their next page load. */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; role: Role }) => callApi('setRole', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.currentUser }),
  });
}
