import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATEGORIES } from '#common/categories';
import { apiRoute } from '../../lib/api-route';

/** GET /api/categories: the nine category names in the spec's order. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute(app, 'categories', { summary: 'The nine category names' }),
    config: { access: 'public' },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return [...CATEGORIES];
    },
  });
};
