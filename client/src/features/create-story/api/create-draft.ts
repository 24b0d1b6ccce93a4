/**
 * POST /api/drafts: a planned story (docs/decisions/060-story-drafts-and-routes-in.md) — the creation form with the
 * planned place as its point, media uploaded now (with progress), kept for its author alone until pinned on site.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '#client/lib/query-keys';
import { uploadStoryForm } from './create-story';

export function useCreateDraft(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, signal }: { form: FormData; signal?: AbortSignal }) =>
      uploadStoryForm('createDraft', form, onProgress, signal),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.drafts.all }),
  });
}
