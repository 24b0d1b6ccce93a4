import type { FastifyPluginAsync } from 'fastify';
import { CATEGORIES } from '#common/categories';

/** GET /api/categories: the nine category names in the spec's order. */
export const categoryRoutes: FastifyPluginAsync = async (app) => {
  app.get('/categories', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return CATEGORIES;
  });
};
