/**
 * GET /api/tiles/tours/:id: the tiles to save with a tour for offline use (docs/decisions/039-maps-offline.md). The
 * tour is read as the caller may see it (the tours service: a tour they may not see is 404), so its stops' places
 * never reach anyone the tour page would not show them to.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';
import { routeLimit } from '../../lib/route-limit';

const READ_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

export const tourMapTilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute(app, 'tourMapTiles', {
      summary: "The map tiles of a tour's corridor, to save it for offline use, with their size",
    }),
    config: { access: 'public', rateLimit: routeLimit(app, READ_RATE_LIMIT) },
    handler: async (request) => {
      const tour = await app.tours.service.byId(request.user?.id ?? null, request.params.id);
      return app.tiles.offline.tilesFor(tour.stops, { dense: request.query.dense === 'true' });
    },
  });
};
