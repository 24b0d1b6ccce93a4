import type { FastifyPluginAsync } from 'fastify';

/** GET /api/health: 200 when the database answers, 503 otherwise (load balancers use it). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable', message: 'Database unavailable' });
    }
  });
};
