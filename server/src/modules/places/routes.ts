/**
 * GET /api/places?q=… → up to 10 towns and cities matching what was typed so far ("Jump to a place"), from the
 * offline gazetteer: typo-tolerant, accents optional, best first. Public (a place search tells nothing about a
 * reader and unlocks nothing) and rate limited per address; no geocoding service is called.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';
import { routeLimit } from '../../lib/route-limit';

/** As-you-type: a few requests per typed word, so generous, but bounded per address. */
const SEARCH_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.places;
  app.route({
    ...apiRoute(app, 'placeSearch', {
      summary:
        'Towns and cities (GeoNames, 1,000+ people) matching a typed name, best first: at most 10, typos tolerated',
    }),
    config: { access: 'public', rateLimit: routeLimit(app, SEARCH_RATE_LIMIT) },
    handler: async (request, reply) => {
      // The same query always has the same answer while this build runs: a browser may keep it a while.
      reply.header('cache-control', 'public, max-age=3600');
      return service.search(request.query.q);
    },
  });
};
