import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CurrentUser } from '#common/schemas';
import { callApi } from '#client/lib/api';
import { ApiError, mayHaveSession } from '#client/lib/api-client';
import { queryKeys } from '#client/lib/query-keys';

/**
 * The signed-in user, or null when signed out (401 maps to null). No retry (docs/design.md, part 7). A page whose
 * GET /api/config said "no session" does not ask at all (no 401 in a visitor's console).
 */
const currentUserQuery = queryOptions({
  queryKey: queryKeys.auth.currentUser,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    if (!(await mayHaveSession())) return null;
    try {
      return await callApi('currentUser', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * The signed-in user once known: an action taken while the first answer is still on its way waits for it instead
 * of taking the reader for signed out (a signed-in author tapping Create at once was told "Account Required").
 */
export function useCurrentUserWhenKnown(): () => Promise<CurrentUser | null> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.ensureQueryData(currentUserQuery), [queryClient]);
}
