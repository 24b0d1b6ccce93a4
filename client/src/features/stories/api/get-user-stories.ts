import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

/** Every story written by `userId`, newest first (My Stories; the home welcome-back count). */
function userStoriesQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.stories.user(userId),
    queryFn: ({ signal }) => callApi('userStories', { params: { userId }, signal }),
  });
}

export function useUserStories(userId: string | null | undefined) {
  return useQuery({ ...userStoriesQuery(userId ?? ''), enabled: Boolean(userId) });
}
