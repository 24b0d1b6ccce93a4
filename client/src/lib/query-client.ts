import { QueryClient } from '@tanstack/react-query';

/**
 * Fetch defaults of docs/design.md, part 9: no refetch on focus or interval, never stale, no retry. There is no default
 * query function: every query names its own request (keys are data names, lib/query-keys.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
