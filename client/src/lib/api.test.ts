import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath, apiUrl, callApi } from './api';
import { ApiError } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A stubbed fetch answering `body` (JSON unless a string) with `init`; the calls are in `.mock.calls`. */
function answer(body: unknown = {}, init: ResponseInit = {}) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(init.status === 204 ? null : typeof body === 'string' ? body : JSON.stringify(body), init),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('apiUrl (the route table’s path, filled)', () => {
  it('fills each path parameter, URL-encoded', () => {
    expect(apiUrl('tour', { params: { id: 'a b/c?d' } })).toBe('/api/tours/a%20b%2Fc%3Fd');
    expect(apiUrl('toursNear', { params: { lat: 40.7128, lng: -74.006 } })).toBe('/api/tours/near/40.7128/-74.006');
    expect(apiUrl('mediaFile', { params: { '*': 'ab12.jpg' } })).toBe('/api/media/ab12.jpg');
  });

  it('adds the query without its undefined or null values, and no `?` when nothing is left', () => {
    expect(apiUrl('story', { params: { id: 'x' }, query: { lat: '1.5', lng: '2', accuracy: undefined } })).toBe(
      '/api/stories/x?lat=1.5&lng=2',
    );
    expect(apiUrl('mapInBox', { query: { bbox: '-74,40,-73,41', view: 'full' } })).toBe(
      '/api/stories/map?bbox=-74%2C40%2C-73%2C41&view=full',
    );
    expect(apiUrl('storyInsights', { params: { id: 'x' }, query: { days: undefined } })).toBe(
      '/api/insights/stories/x',
    );
    expect(apiUrl('allStories', { query: { limit: 60 } })).toBe('/api/stories/all?limit=60');
    expect(apiUrl('categories')).toBe('/api/categories');
  });

  it('apiPath gives the template for callers that build their own request', () => {
    expect(apiPath('createStory')).toBe('/api/stories');
    expect(apiPath('notificationStream')).toBe('/api/notifications/stream');
  });
});

describe('callApi', () => {
  it('sends the body as JSON with the route’s method and credentials, and returns the answer', async () => {
    const fetch = answer({ id: 't1', title: 'Walk' }, { status: 201 });
    const controller = new AbortController();
    const tour = await callApi('createTour', {
      body: { title: 'Walk', storyIds: ['a', 'b'] },
      signal: controller.signal,
    });
    expect(tour).toEqual({ id: 't1', title: 'Walk' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/tours');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      signal: controller.signal,
    });
    expect(JSON.parse(init!.body as string)).toEqual({ title: 'Walk', storyIds: ['a', 'b'] });
  });

  it('sends no body and no content type without one', async () => {
    const fetch = answer({ exists: true });
    await callApi('markAllNotificationsRead');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/notifications/read-all');
    // Only the interface's language (the server answers in it), and no content type.
    expect(init).toMatchObject({ method: 'POST', body: undefined, headers: { 'Accept-Language': 'en' } });
  });

  it('reads nothing from a 204', async () => {
    answer(undefined, { status: 204 });
    await expect(callApi('deleteTour', { params: { id: 't1' } })).resolves.toBeUndefined();
  });

  it('throws ApiError "{status}: {text}" with the server’s message', async () => {
    answer({ message: 'Tour not found' }, { status: 404 });
    const error = await callApi('tour', { params: { id: 'nope' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      message: '404: {"message":"Tour not found"}',
      serverMessage: 'Tour not found',
    });
  });

  it('an error without a body is named by its status text, with no server message', async () => {
    answer('', { status: 503, statusText: 'Service Unavailable' });
    const error = await callApi('categories').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, message: '503: Service Unavailable', serverMessage: undefined });
  });

  it('a story read waits for the page’s config call (the reader cookie) first', async () => {
    const fetch = answer([]);
    await callApi('storiesAround', { params: { lat: 1, lng: 2 } });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/config', '/api/stories/around/1/2']);
  });
});

// Types only (never run): the table types each call's options and answer.
export async function typedCalls() {
  const full = await callApi('mapAround', { params: { lat: 1, lng: 2 }, query: { view: 'full' } });
  const markers = await callApi('mapInBox', { query: { bbox: '1,2,3,4' } });
  const user = await callApi('currentUser');
  // @ts-expect-error a marker has no author
  void markers[0]?.authorId;
  // @ts-expect-error path parameters are required
  await callApi('tour');
  // @ts-expect-error the body is required
  await callApi('createTour', {});
  // @ts-expect-error the parameter is named id
  await callApi('tour', { params: { tourId: 'x' } });
  return [full[0]?.authorId, user.username];
}
