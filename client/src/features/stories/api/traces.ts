/** A story's traces (docs/decisions/045-traces-read-where-left.md): the list as this reader may read it, and the writes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, callApi } from '#client/lib/api';
import { ApiError } from '#client/lib/api-client';
import { translate } from '#client/lib/i18n/i18n';
import { queryKeys } from '#client/lib/query-keys';

export function useStoryTraces(storyId: string, locked: boolean) {
  return useQuery({
    queryKey: queryKeys.traces.story(storyId, locked),
    queryFn: ({ signal }) => callApi('storyTraces', { params: { id: storyId }, signal }),
  });
}

/** Sends the photo as multipart (the JSON client sends JSON only). */
async function addPhoto(traceId: string, photo: File) {
  const form = new FormData();
  form.append('photo', photo);
  const res = await fetch(apiUrl('addTracePhoto', { params: { id: traceId } }), {
    method: 'PUT',
    body: form,
    credentials: 'include',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? translate('story.photoAddFailed'), body.message);
  }
}

export function useLeaveTrace(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, photo }: { text: string; photo: File | null }) => {
      const trace = await callApi('leaveTrace', { params: { id: storyId }, body: { text } });
      if (photo) await addPhoto(trace.id, photo);
      return trace;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.traces.story(storyId) }),
  });
}

export function useTraceAction(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      action:
        | { kind: 'delete'; id: string }
        | { kind: 'hide'; id: string; reason: string }
        | { kind: 'appeal'; id: string; text: string },
    ) => {
      switch (action.kind) {
        case 'delete':
          await callApi('deleteTrace', { params: { id: action.id } });
          return;
        case 'hide':
          await callApi('hideTrace', { params: { id: action.id }, body: { reason: action.reason } });
          return;
        case 'appeal':
          await callApi('appealTrace', { params: { id: action.id }, body: { text: action.text } });
          return;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.traces.story(storyId) }),
  });
}
