import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISCOVERY } from '#common/constants';
import { fetchStoriesPage, nextPageUrl, StoriesTimeoutError } from './get-all-stories';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('nextPageUrl', () => {
  it('reads the rel="next" address of a Link header', () => {
    expect(nextPageUrl('</api/stories/all?limit=60&cursor=abc>; rel="next"')).toBe(
      '/api/stories/all?limit=60&cursor=abc',
    );
    expect(nextPageUrl('</a>; rel="prev", </b>; rel=next')).toBe('/b');
    expect(nextPageUrl('</a>; rel="prev"')).toBeNull();
    expect(nextPageUrl(null)).toBeNull();
  });
});

describe('fetchStoriesPage (spec section 7: array check, status, 10 s timeout)', () => {
  const answer = (body: unknown, init: ResponseInit = {}) =>
    vi.fn(async () => new Response(JSON.stringify(body), init));

  it('returns the stories and the next page', async () => {
    vi.stubGlobal('fetch', answer([], { headers: { link: '</next>; rel="next"' } }));
    await expect(fetchStoriesPage('/api/stories/all')).resolves.toEqual({ stories: [], next: '/next' });
  });

  it('refuses an answer that is not an array', async () => {
    vi.stubGlobal('fetch', answer({ stories: [] }));
    await expect(fetchStoriesPage('/api/stories/all')).rejects.toThrow('Invalid data format received');
  });

  it('names the status of a non-OK answer', async () => {
    vi.stubGlobal('fetch', answer({ message: 'down' }, { status: 503 }));
    await expect(fetchStoriesPage('/api/stories/all')).rejects.toThrow('Server responded with 503');
  });

  it('aborts after 10 s with the timeout error', async () => {
    vi.useFakeTimers();
    // A server that never answers; fetch rejects once its signal aborts, as the browser's does.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const result = fetchStoriesPage('/api/stories/all');
    const settled = expect(result).rejects.toBeInstanceOf(StoriesTimeoutError);
    await vi.advanceTimersByTimeAsync(DISCOVERY.fetchTimeoutMs - 1);
    let done = false;
    void result.catch(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    await expect(result).rejects.toThrow('Request timed out. Please check your connection.');
  });

  it('a cancelled query is not a timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const controller = new AbortController();
    const result = fetchStoriesPage('/api/stories/all', controller.signal);
    controller.abort();
    await expect(result).rejects.not.toBeInstanceOf(StoriesTimeoutError);
  });
});
