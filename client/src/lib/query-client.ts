import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/** Fetch defaults of spec section 9: no refetch on focus or interval, never stale, no retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
