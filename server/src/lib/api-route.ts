/**
 * Route options from the API's route table (common/api/routes.ts + contract.ts, docs/decisions/012-module-fences.md): the method,
 * the path and the schemas come from the route's entry; the route file adds its summary, access config and
 * handler. Spread into `app.route`, the entry's zod schemas type `request.params/query/body` and the reply
 * through fastify-type-provider-zod as a written-out `app.get(path, { schema })` did:
 *
 *   app.route({ ...apiRoute(app, 'createTour', { summary: 'Create a tour' }), config, handler: async (request) => … });
 *
 * `schema` may replace a part of the entry where the server checks more than the wire form (the story pages'
 * signed cursor) or marks it (a streamed multipart body); the table test (api-routes.api.test.ts) keeps the
 * table and the registered routes the same.
 */
import type { FastifySchema } from 'fastify';
import { API_CONTRACT, type ApiContract } from '#common/api/contract';
import { API_ROUTES, type ApiRouteName } from '#common/api/routes';
import { withErrorResponses } from './route-responses';

type Extra = Omit<FastifySchema, 'response'> & { summary: string };
type Parts<N extends ApiRouteName> = Omit<ApiContract[N], 'response'>;

export function apiRoute<N extends ApiRouteName, const S extends Extra>(app: { prefix: string }, name: N, schema: S) {
  const { method, path } = API_ROUTES[name];
  // Routes are registered inside app.ts's `/api` plugin: its prefix is added back by Fastify.
  if (!path.startsWith(`${app.prefix}/`)) throw new Error(`${name}: ${path} is not under ${app.prefix}`);
  const { response, ...parts } = API_CONTRACT[name];
  return {
    method: method as (typeof API_ROUTES)[N]['method'],
    url: path.slice(app.prefix.length),
    schema: {
      ...(parts as Omit<Parts<N>, keyof S>),
      ...schema,
      response: withErrorResponses(response as ApiContract[N]['response']),
    },
  };
}
