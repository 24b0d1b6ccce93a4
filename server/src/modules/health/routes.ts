import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, healthUnavailableResponseSchema } from '#common/route-schemas';
import { withErrorResponses } from '../../lib/route-responses';

/** GET /api/health: 200 when the database answers, 503 otherwise (load balancers use it). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness and database check (200 or 503)',
        response: withErrorResponses({ 200: healthResponseSchema, 503: healthUnavailableResponseSchema }),
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'unavailable', message: 'Database unavailable' });
      }
    },
  );
};
