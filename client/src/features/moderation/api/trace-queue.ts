/** The moderators' trace queue (docs/decisions/045-traces-read-where-left.md, 050-trace-counts-on-cards.md). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TraceModerationRequest } from '#common/trace-schemas';
import { callApi } from '#client/lib/api';

const traceQueueKey = ['moderation', 'traces'] as const;

export function useTraceQueue() {
  return useQuery({
    queryKey: traceQueueKey,
    queryFn: ({ signal }) => callApi('traceQueue', { signal }),
    retry: false,
  });
}

/** After a decision every query refreshes (the trace leaves the queue; a story's traces and counts change). */
export function useModerateTrace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ traceId, ...body }: TraceModerationRequest & { traceId: string }) =>
      callApi('moderateTrace', { params: { id: traceId }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
