import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';

/** GET /api/health: 200 when the database answers, 503 otherwise (load balancers use it). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute(app, 'health', { summary: 'Liveness and database check (200 or 503)' }),
    config: { access: 'public' },
    handler: async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'unavailable', message: 'Database unavailable' });
      }
    },
  });
};
