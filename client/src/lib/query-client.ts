import { QueryClient } from '@tanstack/react-query';

/**
 * Fetch defaults of docs/design.md, part 9: no refetch on focus or interval, never stale, no retry. There is no default
 * query function: every query names its own request (keys are data names, lib/query-keys.ts).
 * Offline a read is still asked (`offlineFirst`), never paused: the service worker answers with what this device
 * received before, or the read fails and the screen says it was never opened
 * (docs/decisions/052-offline-screens-and-creating.md). Polls that nothing keeps offline say `online` themselves.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
      networkMode: 'offlineFirst',
    },
    mutations: { retry: false },
  },
});

/** Up to `max` retries, none offline: a read the device never kept fails at once and the screen says so. */
export const retryWhileOnline = (max: number) => (failures: number) => navigator.onLine && failures < max;
