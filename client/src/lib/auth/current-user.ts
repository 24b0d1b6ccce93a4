import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#common/schemas';
import { getQueryFn } from '../api-client';

export const CURRENT_USER_KEY = ['/api/user/current'] as const;

/** The signed-in user, or null when signed out (401 maps to null). No retry (spec section 7). */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
