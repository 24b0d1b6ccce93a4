/**
 * A tour as route files to download (docs/decisions/054-tours-as-gpx-and-geojson.md):
 * - GET /api/tours/:id/export.gpx → GPX 1.1, a waypoint per stop and a route through them
 * - GET /api/tours/:id/export.geojson → a FeatureCollection: the route's LineString and a Point per stop
 * Read exactly as GET /api/tours/:id reads the tour for this requester (its visible stops only, blocked authors
 * left out, 404 for a tour they may not see); the files hold titles and places only, never a story's content.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tourFileName, tourGeoJson, tourGpx, type TourFileInput } from '#common/tour-files';
import type { Tour } from '#common/tour-schemas';
import { apiRoute } from '../../lib/api-route';
import { routeLimit } from '../../lib/route-limit';

const FILE_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/** The tour's file input from the tour as this requester reads it; links from PUBLIC_URL only. */
function tourFileInput(tour: Tour, publicUrl: string | undefined): TourFileInput {
  return {
    id: tour.id,
    title: tour.title,
    description: tour.description,
    authorName: tour.author.displayName,
    stops: tour.stops,
    origin: publicUrl?.replace(/\/+$/, ''),
  };
}

export const tourFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.tours;
  const config = { access: 'public', rateLimit: routeLimit(app, FILE_RATE_LIMIT) } as const;
  const attachment = (name: string) => `attachment; filename="${name}"`;

  app.route({
    ...apiRoute(app, 'tourGpx', {
      summary: 'The tour as GPX 1.1: a waypoint per visible stop and a route (titles only)',
    }),
    config,
    handler: async (request, reply) => {
      const tour = await service.byId(request.user?.id ?? null, request.params.id);
      return reply
        .header('content-disposition', attachment(tourFileName(tour.title, 'gpx')))
        .header('cache-control', 'private, no-cache')
        .type('application/gpx+xml; charset=utf-8')
        .send(tourGpx(tourFileInput(tour, app.config.publicUrl)));
    },
  });

  app.route({
    ...apiRoute(app, 'tourGeoJson', {
      summary: 'The tour as GeoJSON: its route as a LineString and a Point per visible stop (titles only)',
    }),
    config,
    handler: async (request, reply) => {
      const tour = await service.byId(request.user?.id ?? null, request.params.id);
      return reply
        .header('content-disposition', attachment(tourFileName(tour.title, 'geojson')))
        .header('cache-control', 'private, no-cache')
        .type('application/geo+json; charset=utf-8')
        .send(JSON.stringify(tourGeoJson(tourFileInput(tour, app.config.publicUrl))));
    },
  });
};
