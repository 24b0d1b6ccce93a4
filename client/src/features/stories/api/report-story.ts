import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportStoryRequest } from '#common/moderation-schemas';
import { callApi } from '#client/lib/api';
import { invalidateStories } from '#client/lib/query-keys';

async function reportStory({ id, ...body }: ReportStoryRequest & { id: string }): Promise<void> {
  await callApi('reportStory', { params: { id }, body });
}

export function useReportStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportStory,
    // Not awaited: the refetch shows "Reported" in place of the form, and a form unmounted before the caller's own
    // onSuccess ran would never show the "Story reported" toast.
    onSuccess: () => {
      void invalidateStories(queryClient);
    },
  });
}
