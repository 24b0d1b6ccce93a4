import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#common/schemas';
import { callApi } from '#client/lib/api';
import { ApiError, mayHaveSession } from '#client/lib/api-client';
import { queryKeys } from '#client/lib/query-keys';

/**
 * The signed-in user, or null when signed out (401 maps to null). No retry (spec section 7). A page whose
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
