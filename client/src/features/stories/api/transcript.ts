/**
 * Transcripts and captions (docs/decisions/056-transcripts-and-captions.md): the reader's file through the story's
 * signed link, and the author's editor (read, publish, remove).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parsePlainTranscript, parseWebVtt, type Cue } from '#common/vtt';
import { callApi } from '#client/lib/api';
import { translate } from '#client/lib/i18n/i18n';
import { invalidateStories, queryKeys } from '#client/lib/query-keys';

/** The published file as cues: timed from a `.vtt`, plain paragraphs from a `.txt` (the server made both). */
async function fetchTranscript(url: string, signal: AbortSignal): Promise<{ timed: boolean; cues: Cue[] }> {
  const res = await fetch(url, { credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(translate('story.transcriptLoadFailed'));
  const text = await res.text();
  const parsed = new URL(url, window.location.href).pathname.endsWith('.vtt')
    ? parseWebVtt(text, null)
    : parsePlainTranscript(text);
  if (!parsed.ok) throw new Error(translate('story.transcriptReadFailed'));
  return parsed.transcript;
}

export function useTranscriptFile(url: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.transcripts.file(url ?? ''),
    queryFn: ({ signal }) => fetchTranscript(url!, signal),
    enabled: enabled && url !== undefined,
    staleTime: Infinity,
  });
}

export function useAuthorTranscript(storyId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.transcripts.author(storyId),
    queryFn: ({ signal }) => callApi('storyTranscript', { params: { id: storyId }, signal }),
    enabled,
  });
}

export function useSaveTranscript(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => callApi('saveTranscript', { params: { id: storyId }, body: { text } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.transcripts.author(storyId), saved);
      return invalidateStories(queryClient);
    },
  });
}

export function useDeleteTranscript(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('deleteTranscript', { params: { id: storyId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.transcripts.author(storyId) });
      return invalidateStories(queryClient);
    },
  });
}
