/**
 * Calls by name from the API's route table (common/api/routes.ts, docs/decisions/012-module-fences.md):
 *
 *   const tour = await callApi('createTour', { body: { title, storyIds } });
 *   const stories = await callApi('story', { params: { id }, query: { lat, lng }, signal });
 *
 * The URL is the route's path with each parameter encoded, and the query without its undefined values; the
 * request and its errors are apiRequest's (api-client.ts: credentials, JSON body, ApiError "{status}: {text}",
 * story reads after the reader cookie). The answer is typed from the route's contract (common/api/contract.ts,
 * imported as types only: no zod in the bundle for this): the 200 (or 201) schema's output, void for 204.
 */
import type { z } from 'zod';
import type { ApiContract } from '#common/api/contract';
import { API_ROUTES, type ApiPath, type ApiRouteName, type PathParamNames } from '#common/api/routes';
import type { MapMarkerColumns } from '#common/map-schemas';
import type { Story } from '#common/schemas';
import { apiRequest } from './api-client';

export { apiPath } from '#common/api/routes';

type Entry<N extends ApiRouteName> = ApiContract[N];
type Params<N extends ApiRouteName> = { [K in PathParamNames<ApiPath<N>>]: string | number };
type Query<N extends ApiRouteName> = Entry<N> extends { querystring: infer Q extends z.ZodType } ? z.input<Q> : never;
type Body<N extends ApiRouteName> = Entry<N> extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** What a call of route N takes: its path parameters, query and body, as the contract declares them. */
export type ApiCallOptions<N extends ApiRouteName> = ([PathParamNames<ApiPath<N>>] extends [never]
  ? { params?: never }
  : { params: Params<N> }) &
  ([Query<N>] extends [never] ? { query?: never } : { query?: Query<N> }) &
  ([Body<N>] extends [never] ? { body?: never } : { body: Body<N> }) & { signal?: AbortSignal };

type Success<R> = 200 extends keyof R ? R[200] : 201 extends keyof R ? R[201] : undefined;

/**
 * The success answer of route N. The map calls answer by `view` (docs/design.md rule 20; docs/decisions/025-marker-columns-without-titles.md): the contract declares
 * both shapes, a call asking `view: 'full'` gets full stories, any other markers.
 */
export type ApiAnswer<N extends ApiRouteName, O = unknown> = N extends 'mapAround' | 'mapInBox'
  ? O extends { query: { view: 'full' } }
    ? Story[]
    : MapMarkerColumns
  : Success<Entry<N>['response']> extends infer S extends z.ZodType
    ? z.output<S>
    : void;

type QueryValue = string | number | boolean | null | undefined;

/** The route's URL: its path with each parameter URL-encoded, and the query without undefined (or null) values. */
export function apiUrl<N extends ApiRouteName>(
  name: N,
  options: { params?: Params<N>; query?: Query<N> } = {},
): string {
  const params: Record<string, string | number> = options.params ?? {};
  const path = API_ROUTES[name].path.replace(/:([A-Za-z0-9_]+)|\*$/g, (_match, param: string | undefined) =>
    encodeURIComponent(String(params[param ?? '*'])),
  );
  const search = new URLSearchParams();
  const query: Record<string, QueryValue> = options.query ?? {};
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) search.append(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Sends the call; throws ApiError on non-OK. The Response, for a caller that reads more than the JSON answer. */
export function apiResponse<N extends ApiRouteName>(
  name: N,
  ...[options]: OptionalIfEmpty<ApiCallOptions<N>>
): Promise<Response> {
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Params<N>;
    query?: Query<N>;
    body?: unknown;
    signal?: AbortSignal;
  };
  return apiRequest(API_ROUTES[name].method, apiUrl(name, { params, query }), body, signal ? { signal } : {});
}

/** Sends the call and returns its answer, typed from the contract (nothing read for a 204). */
export function callApi<N extends ApiRouteName, const O extends ApiCallOptions<N>>(
  name: N,
  options: O,
): Promise<ApiAnswer<N, O>>;
export function callApi<N extends ApiRouteName>(
  name: N,
  ...[options]: OptionalIfEmpty<ApiCallOptions<N>>
): Promise<ApiAnswer<N>>;
export async function callApi<N extends ApiRouteName>(name: N, options?: ApiCallOptions<N>): Promise<unknown> {
  const res = await apiResponse(name, ...([options] as OptionalIfEmpty<ApiCallOptions<N>>));
  return res.status === 204 ? undefined : res.json();
}

/** A call whose options are all optional may leave them out. */
type OptionalIfEmpty<O> = object extends O ? [options?: O] : [options: O];
