/**
 * POST /api/drafts/:id/pin ("Pin here", walk mode's "Publish now"): the draft is published at the author's
 * position when that is an accepted claim within 200 m of its planned place; else the server's sentence.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Point } from '#common/geo';
import { callApi } from '#client/lib/api';
import { invalidateAfterPinning } from '#client/lib/query-keys';

export function usePinDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, at }: { id: string; at: Point }) =>
      callApi('pinDraft', { params: { id }, body: { latitude: at.latitude, longitude: at.longitude } }),
    onSuccess: () => invalidateAfterPinning(queryClient),
  });
}
