/**
 * An author's page and following them (docs/decisions/046-follows-daily-digest.md): read by the author page and by
 * a story's byline, so it lives below both features.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

export function useAuthorPage(authorId: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.follows.author(authorId ?? ''),
    queryFn: ({ signal }) => callApi('authorPage', { params: { userId: authorId! }, signal }),
    enabled: Boolean(authorId),
  });
}

/** Follow (true) or unfollow (false); the page, the byline and /discover's section refetch. */
export function useSetFollowing(authorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      callApi(follow ? 'followAuthor' : 'unfollowAuthor', { params: { userId: authorId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.follows.all }),
  });
}
