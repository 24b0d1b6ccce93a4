/**
 * Story reads (spec section 7, issue 4): discoverable, map (around a point and by viewport), all (paginated),
 * a user's stories and one story. Thin: parse and validate here, the service finds and presents.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_STORIES_DEFAULT_LIMIT,
  ALL_STORIES_MAX_LIMIT,
  DISCOVERABLE_RESULT_CAP,
  DISCOVERY_RADIUS_M,
  MAP_RADIUS_M,
  MAP_RESULT_CAP,
} from '#common/constants';
import {
  bboxQuerySchema,
  isUuid,
  locationQuerySchema,
  optionalLocationQueryShape,
  readerLocationOf,
  storyIdParamsSchema,
  userIdParamsSchema,
} from '#common/route-schemas';
import { latLngParamsSchema, storySchema } from '#common/schemas';
import { notFound } from '../../lib/http-errors';
import { withErrorResponses } from '../../lib/route-responses';
import { createStoryReadService } from './read-service';
import { createStoryRepository, type PageCursor } from './story-repository';

/** Location queries are the hot path: generous per-IP limit, off when RATE_LIMIT_DISABLED (benchmarks). */
export const LOCATION_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

const STORY_NOT_FOUND = 'Story not found';
const BAD_CURSOR = 'Invalid cursor';
const limitMessage = `limit must be a whole number from 1 to ${ALL_STORIES_MAX_LIMIT}`;

const limitSchema = (fallback: number) =>
  z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(ALL_STORIES_MAX_LIMIT, limitMessage)
    .default(fallback);

const cursorSchema = z
  .string()
  .optional()
  .describe('Opaque cursor from the Link header of the previous page')
  .transform((value, ctx): PageCursor | null => {
    if (value === undefined || value === '') return null;
    const cursor = decodeCursor(value);
    if (!cursor) {
      ctx.addIssue({ code: 'custom', message: BAD_CURSOR });
      return z.NEVER;
    }
    return cursor;
  });

/** limit and cursor are checked before the optional reader location. */
const pageQuerySchema = (defaultLimit: number) =>
  z
    .object({ limit: limitSchema(defaultLimit), cursor: cursorSchema, ...optionalLocationQueryShape })
    .transform((q, ctx) => ({ limit: q.limit, cursor: q.cursor, location: readerLocationOf(q, ctx) }));

const storiesResponse = withErrorResponses({ 200: z.array(storySchema) });

function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

function decodeCursor(value: string): PageCursor | null {
  const [createdAt, id, extra] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  // Only what PostgreSQL itself printed for created_at is accepted back, so the cast cannot fail.
  const timestamp = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
  if (extra !== undefined || !createdAt || !id || !timestamp.test(createdAt) || !isUuid(id)) return null;
  return { createdAt, id };
}

export const storyReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createStoryReadService({
    repository: createStoryRepository(app.database),
    signer: app.mediaSigner,
    weather: app.weather,
  });
  const rateLimit = app.config.rateLimitDisabled ? (false as const) : { ...LOCATION_RATE_LIMIT };
  const config = { access: 'public', rateLimit } as const;
  const viewerOf = (request: FastifyRequest) => request.user?.id ?? null;

  /** Link header to the next page: same path and query, new cursor. */
  const nextLink = (request: FastifyRequest, cursor: PageCursor) => {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('cursor', encodeCursor(cursor));
    return `<${url.pathname}${url.search}>; rel="next"`;
  };

  app.get(
    '/stories/discoverable/:lat/:lng',
    {
      config,
      schema: { summary: 'Public stories within 1500 m, nearest first', params: latLngParamsSchema, response: storiesResponse },
    },
    async (request) => {
      const { lat, lng } = request.params;
      const reader = { viewerId: viewerOf(request), location: { latitude: lat, longitude: lng } };
      const stories = await service.nearby(reader, DISCOVERY_RADIUS_M, DISCOVERABLE_RESULT_CAP);
      // Notifications hook (issue 11): story_nearby / story_unlocked / time_locked for a signed-in reader.
      if (reader.viewerId) await app.notifications.service.recordNearbyRead(reader.viewerId, stories);
      return stories;
    },
  );

  app.get(
    '/stories/map/:lat/:lng',
    { config, schema: { summary: 'Stories around a point for the map', params: latLngParamsSchema, response: storiesResponse } },
    async (request) => {
      const { lat, lng } = request.params;
      const reader = { viewerId: viewerOf(request), location: { latitude: lat, longitude: lng } };
      return service.nearby(reader, MAP_RADIUS_M, MAP_RESULT_CAP);
    },
  );

  app.get(
    '/stories/map',
    { config, schema: { summary: 'Stories in a viewport', querystring: bboxQuerySchema, response: storiesResponse } },
    async (request) => {
      const { box, location } = request.query;
      return service.inBox({ viewerId: viewerOf(request), location }, box, MAP_RESULT_CAP);
    },
  );

  app.get(
    '/stories/all',
    {
      config,
      schema: {
        summary: 'Public stories, newest first; the next page is in the Link header',
        querystring: pageQuerySchema(ALL_STORIES_DEFAULT_LIMIT),
        response: storiesResponse,
      },
    },
    async (request, reply) => {
      const { limit, cursor, location } = request.query;
      const page = await service.page({ viewerId: viewerOf(request), location }, { limit, cursor });
      if (page.next) reply.header('link', nextLink(request, page.next));
      return page.stories;
    },
  );

  app.get(
    '/stories/user/:userId',
    {
      config,
      schema: {
        summary: "A user's stories (all of them for the author), newest first; next page in the Link header",
        params: userIdParamsSchema,
        querystring: pageQuerySchema(ALL_STORIES_MAX_LIMIT),
        response: storiesResponse,
      },
    },
    async (request, reply) => {
      const { limit, cursor, location } = request.query;
      const reader = { viewerId: viewerOf(request), location };
      const page = await service.page(reader, { limit, cursor, authorId: request.params.userId });
      if (page.next) reply.header('link', nextLink(request, page.next));
      return page.stories;
    },
  );

  app.get(
    '/stories/:id',
    {
      config,
      schema: {
        summary: 'One story',
        params: storyIdParamsSchema,
        querystring: locationQuerySchema,
        response: withErrorResponses({ 200: storySchema }),
      },
    },
    async (request) => {
      const { id } = request.params;
      // A malformed id names no story: same answer as a missing one.
      if (!isUuid(id)) throw notFound(STORY_NOT_FOUND);
      const story = await service.byId({ viewerId: viewerOf(request), location: request.query.location }, id);
      if (!story) throw notFound(STORY_NOT_FOUND);
      return story;
    },
  );
};
