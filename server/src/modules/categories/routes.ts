import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATEGORIES } from '#common/categories';
import { categoriesResponseSchema } from '#common/route-schemas';
import { withErrorResponses } from '../../lib/route-responses';

/** GET /api/categories: the nine category names in the spec's order. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: { summary: 'The nine category names', response: withErrorResponses({ 200: categoriesResponseSchema }) },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return [...CATEGORIES];
    },
  );
};
