/**
 * Walking tours (docs/decisions/016-walk-mode-and-tours.md), all under /api:
 * - POST   /api/tours { title, description?, storyIds } → 201 the tour (signed in; 20 a day per author)
 * - PATCH  /api/tours/:id { title?, description?, storyIds? } → 200 (its author only)
 * - DELETE /api/tours/:id → 204 (its author only)
 * - GET    /api/tours/near/:lat/:lng?limit&cursor → tours with a stop within 5 km, newest first; next page in Link
 * - GET    /api/tours/mine?limit&cursor → the signed-in author's tours (those hidden from readers included)
 * - GET    /api/tours/:id → the tour with this reader's stop states (from the unlock record)
 * - GET    /api/tours/:id/export.gpx and .geojson → the tour as route files (file-routes.ts)
 * A tour never unlocks a stop (docs/design.md, rule 17): its stops open their stories with the usual lock rules.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nextPageLink, openCursorOr400 } from '../../lib/paging';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import type { TourCursor } from './tour-repository';
import { routeLimit } from '../../lib/route-limit';
import { tourFileRoutes } from './file-routes';

/** Writes: a generous per-address limit on top of the 20-a-day rule per author. */
const WRITE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
const READ_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

export const tourRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.tours;
  const limited = (limit: { max: number; timeWindow: string }) => routeLimit(app, limit);
  const writeConfig = { access: 'user', goodStanding: true, rateLimit: limited(WRITE_RATE_LIMIT) } as const;

  /** Sealed cursors, as every list's (lib/paging.ts). */
  const openCursor = (token: string | undefined): TourCursor | null => openCursorOr400(app.location.pageCursors, token);
  const nextLink = (request: FastifyRequest, cursor: TourCursor) =>
    nextPageLink(request.url, app.location.pageCursors.seal(cursor));

  app.route({
    ...apiRoute(app, 'createTour', {
      summary: 'Create a walking tour from 2-20 of your own public stories, in walking order (each leg within 10 km)',
    }),
    config: writeConfig,
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request).id, request.body)),
  });

  app.route({
    ...apiRoute(app, 'editTour', {
      summary: 'Edit your tour: title, description, or the stops and their order (replaced as a whole)',
    }),
    config: writeConfig,
    handler: async (request) => service.edit(currentUser(request).id, request.params.id, request.body),
  });

  app.route({
    ...apiRoute(app, 'deleteTour', { summary: 'Delete your tour (its stories stay)' }),
    // Taking one's own tour down is allowed whatever the standing.
    config: { ...writeConfig, goodStanding: false },
    handler: async (request, reply) => {
      await service.delete(currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...apiRoute(app, 'toursNear', {
      summary: 'Tours with a stop within 5 km, newest first; the next page is in the Link header',
    }),
    config: { access: 'public', rateLimit: limited(READ_RATE_LIMIT) },
    handler: async (request, reply) => {
      const { lat, lng } = request.params;
      const page = await service.page({
        viewerId: request.user?.id ?? null,
        near: { latitude: lat, longitude: lng },
        limit: request.query.limit,
        cursor: openCursor(request.query.cursor),
      });
      if (page.next) reply.header('link', nextLink(request, page.next));
      return page.tours;
    },
  });

  app.route({
    ...apiRoute(app, 'myTours', {
      summary: 'Your own tours, newest first (those shown to nobody else included); next page in the Link header',
    }),
    config: { access: 'user', rateLimit: limited(READ_RATE_LIMIT) },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const page = await service.page({
        viewerId: user.id,
        authorId: user.id,
        limit: request.query.limit,
        cursor: openCursor(request.query.cursor),
      });
      if (page.next) reply.header('link', nextLink(request, page.next));
      return page.tours;
    },
  });

  app.route({
    ...apiRoute(app, 'tour', {
      summary: 'One tour with its visible stops and which of them this reader has unlocked (a tour unlocks nothing)',
    }),
    config: { access: 'public', rateLimit: limited(READ_RATE_LIMIT) },
    handler: async (request) => service.byId(request.user?.id ?? null, request.params.id),
  });

  await app.register(tourFileRoutes);
};
