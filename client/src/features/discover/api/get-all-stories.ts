import { useInfiniteQuery } from '@tanstack/react-query';
import { DISCOVERY } from '#common/constants';
import { queryKeys } from '#client/lib/query-keys';
import { apiUrl, type ApiAnswer } from '#client/lib/api';
import { readerCookieReady } from '#client/lib/api-client';
import { translate } from '#client/lib/i18n/i18n';

/** Stories per page of GET /api/stories/all: a few screens of cards; the next page loads while scrolling. */
export const ALL_STORIES_PAGE_SIZE = 60;

// Getters: each is worded in the language of the moment it is read.
export const ALL_STORIES_ERRORS = {
  get timeout() {
    return translate('discover.errorTimeout');
  },
  get invalid() {
    return translate('discover.errorInvalid');
  },
  status: (status: number) => translate('discover.errorStatus', { status }),
};

/** The request took longer than DISCOVERY.fetchTimeoutMs and was aborted. */
export class StoriesTimeoutError extends Error {
  constructor() {
    super(ALL_STORIES_ERRORS.timeout);
    this.name = 'StoriesTimeoutError';
  }
}

export interface StoriesPage {
  stories: ApiAnswer<'allStories'>;
  /** The `Link: <…>; rel="next"` address, or null on the last page. */
  next: string | null;
}

/** The rel="next" address of a Link header. */
export function nextPageUrl(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (match) return match[1]!;
  }
  return null;
}

/**
 * One page (docs/design.md, part 7): aborted after 10 s, a non-OK answer is "Server responded with {status}", an answer
 * that is not an array is "Invalid data format received". The timeout covers reading the body too.
 */
export async function fetchStoriesPage(url: string, signal?: AbortSignal): Promise<StoriesPage> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, DISCOVERY.fetchTimeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel);
  try {
    const res = await fetch(url, { credentials: 'include', signal: controller.signal });
    if (!res.ok) throw new Error(ALL_STORIES_ERRORS.status(res.status));
    const data: unknown = await res.json();
    if (!Array.isArray(data)) throw new Error(ALL_STORIES_ERRORS.invalid);
    return { stories: data, next: nextPageUrl(res.headers.get('link')) };
  } catch (error) {
    if (timedOut) throw new StoriesTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/** Every story, newest first, one page at a time (`Link` header paging) as the reader scrolls. */
export function useAllStories() {
  return useInfiniteQuery({
    queryKey: queryKeys.stories.allPages(ALL_STORIES_PAGE_SIZE),
    // As this browser, never as its address (the reader cookie comes with the first /api answer).
    queryFn: async ({ pageParam, signal }) => {
      await readerCookieReady();
      return fetchStoriesPage(pageParam, signal);
    },
    // Later pages are the server's own `Link` addresses.
    initialPageParam: apiUrl('allStories', { query: { limit: ALL_STORIES_PAGE_SIZE } }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
