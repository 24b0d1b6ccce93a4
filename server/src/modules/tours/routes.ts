/**
 * Walking tours (issue 25), all under /api:
 * - POST   /api/tours { title, description?, storyIds } → 201 the tour (signed in; 20 a day per author)
 * - PATCH  /api/tours/:id { title?, description?, storyIds? } → 200 (its author only)
 * - DELETE /api/tours/:id → 204 (its author only)
 * - GET    /api/tours/near/:lat/:lng?limit&cursor → tours with a stop within 5 km, newest first; next page in Link
 * - GET    /api/tours/mine?limit&cursor → the signed-in author's tours (those hidden from readers included)
 * - GET    /api/tours/:id → the tour with this reader's stop states (from the unlock record)
 * A tour never unlocks a stop (DESIGN.md decision 17): its stops open their stories with the usual lock rules.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latLngParamsSchema } from '#common/schemas';
import {
  createTourRequestSchema,
  editTourRequestSchema,
  TOUR_MESSAGES,
  tourIdParamsSchema,
  tourPageQuerySchema,
  tourSchema,
  tourSummarySchema,
} from '#common/tours';
import { badRequest } from '../../lib/http-errors';
import { nextPageLink } from '../../lib/paging';
import { withErrorResponses } from '../../lib/route-responses';
import { currentUser } from '../../plugins/access';
import type { TourCursor } from './tour-repository';

/** Writes: a generous per-address limit on top of the 20-a-day rule per author. */
const WRITE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
const READ_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;


export const tourRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.tours;
  const limited = (limit: { max: number; timeWindow: string }) => (app.config.rateLimitDisabled ? (false as const) : { ...limit });
  const writeConfig = { access: 'user', rateLimit: limited(WRITE_RATE_LIMIT) } as const;

  /** Opaque signed cursors, as the story lists' (location/page-cursor.ts). */
  const openCursor = (token: string | undefined): TourCursor | null => {
    if (!token) return null;
    const cursor = app.pageCursors.open(token);
    if (!cursor) throw badRequest(TOUR_MESSAGES.badCursor);
    return cursor;
  };
  const nextLink = (request: FastifyRequest, cursor: TourCursor) => nextPageLink(request.url, app.pageCursors.seal(cursor));
  const toursResponse = withErrorResponses({ 200: z.array(tourSummarySchema) });

  app.post(
    '/tours',
    {
      config: writeConfig,
      schema: {
        summary: 'Create a walking tour from 2-20 of your own public stories, in walking order (each leg within 10 km)',
        body: createTourRequestSchema,
        response: withErrorResponses({ 201: tourSchema }),
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request).id, request.body)),
  );

  app.patch(
    '/tours/:id',
    {
      config: writeConfig,
      schema: {
        summary: 'Edit your tour: title, description, or the stops and their order (replaced as a whole)',
        params: tourIdParamsSchema,
        body: editTourRequestSchema,
        response: withErrorResponses({ 200: tourSchema }),
      },
    },
    async (request) => service.edit(currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/tours/:id',
    {
      config: writeConfig,
      schema: {
        summary: 'Delete your tour (its stories stay)',
        params: tourIdParamsSchema,
        response: withErrorResponses({ 204: z.undefined().describe('Deleted') }),
      },
    },
    async (request, reply) => {
      await service.delete(currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/tours/near/:lat/:lng',
    {
      config: { access: 'public', rateLimit: limited(READ_RATE_LIMIT) },
      schema: {
        summary: 'Tours with a stop within 5 km, newest first; the next page is in the Link header',
        params: latLngParamsSchema,
        querystring: tourPageQuerySchema,
        response: toursResponse,
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/tours/mine',
    {
      config: { access: 'user', rateLimit: limited(READ_RATE_LIMIT) },
      schema: {
        summary: 'Your own tours, newest first (those shown to nobody else included); next page in the Link header',
        querystring: tourPageQuerySchema,
        response: toursResponse,
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/tours/:id',
    {
      config: { access: 'public', rateLimit: limited(READ_RATE_LIMIT) },
      schema: {
        summary: "One tour with its visible stops and which of them this reader has unlocked (a tour unlocks nothing)",
        params: tourIdParamsSchema,
        response: withErrorResponses({ 200: tourSchema }),
      },
    },
    async (request) => service.byId(request.user?.id ?? null, request.params.id),
  );
};
