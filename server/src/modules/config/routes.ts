import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigResponseSchema } from '#common/route-schemas';
import { withErrorResponses } from '../../lib/route-responses';

/** GET /api/config: the named public subset of the configuration the client needs (never secrets). */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Public client configuration (map tiles)',
        response: withErrorResponses({ 200: publicConfigResponseSchema }),
      },
    },
    async () => ({ tileUrl: app.config.tileUrl, tileAttribution: app.config.tileAttribution }),
  );
};
