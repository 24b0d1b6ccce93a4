/**
 * POST /api/stories (docs/design.md, part 7) as a multipart upload. XMLHttpRequest rather than fetch because only XHR
 * reports upload progress, which the dialog shows as a progress bar for media stories.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type ApiAnswer } from '#client/lib/api';
import { serverMessageOf } from '#client/lib/api-client';
import { invalidateStories } from '#client/lib/query-keys';
import { i18n, translate } from '#client/lib/i18n/i18n';

/**
 * "Failed to create story. Please try again." in the reader's language. A live binding renewed when the language
 * changes, so whoever reads it at call time gets the current words.
 */
export let CREATE_FAILED_FALLBACK = translate('create.createFailed');
i18n.on('change', () => {
  CREATE_FAILED_FALLBACK = translate('create.createFailed');
});

class CreateStoryError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
    this.name = 'CreateStoryError';
  }
}

/** True when the upload never reached the server (no network): the dialog keeps the story as a draft instead. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof CreateStoryError && error.status === 0;
}

/** The author stopped the upload (Cancel while it was sending): the server dropped the cut-off body whole. */
const CANCELLED_STATUS = -1;
export const uploadCancelledText = () => translate('create.uploadCancelled');
export function isCancelledUpload(error: unknown): boolean {
  return error instanceof CreateStoryError && error.status === CANCELLED_STATUS;
}

/**
 * The error text of docs/design.md, part 8: the response's `message` field, or its raw text, or
 * "Server error: {status} {statusText}"; the fallback when there is nothing at all (network failure).
 */
export function createErrorMessage(status: number, statusText: string, body: string): string {
  const text = body.trim();
  if (text) return serverMessageOf(text)?.trim() || text;
  if (status > 0) return translate('create.serverError', { status, statusText }).trim();
  return CREATE_FAILED_FALLBACK;
}

/**
 * Sends the form with the session cookie; `onProgress` gets whole percents of the upload (0-100). `signal` stops
 * it: the request is aborted, and the server, seeing a body cut short, keeps nothing of it (no row, no file).
 */
function uploadStory(
  form: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ApiAnswer<'createStory'>> {
  return uploadStoryForm('createStory', form, onProgress, signal);
}

/**
 * The creation form sent with progress to POST /api/stories, or to POST /api/drafts (a planned story, which takes
 * the same form: docs/decisions/060-story-drafts-and-routes-in.md).
 */
export function uploadStoryForm<N extends 'createStory' | 'createDraft'>(
  route: N,
  form: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ApiAnswer<N>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    if (signal?.aborted) return reject(new CreateStoryError(uploadCancelledText(), CANCELLED_STATUS));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('POST', apiPath(route));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // Attach the upload listener before send(), or browsers may not report upload progress.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        try {
          const answer: ApiAnswer<N> = JSON.parse(xhr.responseText);
          resolve(answer);
        } catch {
          reject(new CreateStoryError(CREATE_FAILED_FALLBACK, xhr.status));
        }
        return;
      }
      reject(new CreateStoryError(createErrorMessage(xhr.status, xhr.statusText, xhr.responseText), xhr.status));
    });
    xhr.addEventListener('error', () => reject(new CreateStoryError(CREATE_FAILED_FALLBACK, 0)));
    xhr.addEventListener('abort', () =>
      reject(
        signal?.aborted
          ? new CreateStoryError(uploadCancelledText(), CANCELLED_STATUS)
          : new CreateStoryError(CREATE_FAILED_FALLBACK, 0),
      ),
    );
    xhr.send(form);
  });
}

/** The publish mutation: on success every cached story list refreshes (map, nearby, My Stories…). */
export function useCreateStory(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, signal }: { form: FormData; signal?: AbortSignal }) => uploadStory(form, onProgress, signal),
    // Not awaited: the success toast should not wait for the lists to refetch.
    onSuccess: () => {
      void invalidateStories(queryClient);
    },
  });
}
