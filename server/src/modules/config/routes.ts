import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';
import { PERSONAL_CACHE_CONTROL } from '../../plugins/response-headers';

/** GET /api/config: the named public subset of the configuration the client needs (never secrets). */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute(app, 'publicConfig', {
      summary: 'Public client configuration (map tiles) and whether the caller is signed in',
    }),
    config: { access: 'public' },
    handler: async (request, reply) => {
      // `signedIn` differs by caller: no shared or browser cache may answer one person with another's.
      reply.header('cache-control', PERSONAL_CACHE_CONTROL);
      return { ...app.tiles.client, signedIn: request.user !== null };
    },
  });
};
