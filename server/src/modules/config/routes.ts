import type { FastifyPluginAsync } from 'fastify';

/** GET /api/config: the named public subset of the configuration the client needs (never secrets). */
export const publicConfigRoutes: FastifyPluginAsync = async (app) => {
  app.get('/config', async () => ({
    tileUrl: app.config.tileUrl,
    tileAttribution: app.config.tileAttribution,
  }));
};
