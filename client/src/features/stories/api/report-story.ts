import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client';

async function reportStory({ id, reason }: { id: string; reason: string }): Promise<void> {
  await apiRequest('POST', `/api/stories/${encodeURIComponent(id)}/report`, { reason });
}

export function useReportStory() {
  return useMutation({ mutationFn: reportStory });
}
