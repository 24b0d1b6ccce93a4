/**
 * Story reads (docs/design.md, part 7, docs/design.md, rules 3-4): discoverable, map (around a point and by viewport), all (paginated),
 * a user's own stories, one story, and the positionless "around here" read. Thin: each route declares its
 * contract; the service finds and presents, judging the reader's position claim (docs/security.md, "Location: a position is a claim").
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
import { isUuid, optionalLocationQueryShape, readerLocationOf } from '#common/route-schemas';
import type { Point } from '#common/geo';
import { storySchema } from '#common/schemas';
import { toMarkerColumns } from '#common/map-markers';
import { mapMarkerColumnsSchema, type MapView } from '#common/map-schemas';
import { forbidden, notFound } from '../../lib/http-errors';
import { BAD_CURSOR, nextPageLink, openCursor, type PageCursor, type PageCursorSealer } from '../../lib/paging';
import { cursorQuerySchema } from '#common/page-schemas';
import { apiRoute } from '../../lib/api-route';
import { compileSerializer } from '../../plugins/route-contract';
import { currentUser } from '../../plugins/access';
import { isCrossSiteRequest } from '../../plugins/same-origin';
import type { Reader } from './read-service';
import { routeLimit } from '../../lib/route-limit';

/** Location queries are the hot path: generous per-IP limit, off when RATE_LIMIT_DISABLED (benchmarks). */
export const LOCATION_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

const STORY_NOT_FOUND = 'Story not found';
const OWN_STORIES_ONLY = 'You can only list your own stories.';
const limitMessage = `limit must be a whole number from 1 to ${ALL_STORIES_MAX_LIMIT}`;

const limitSchema = (fallback: number) =>
  z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(ALL_STORIES_MAX_LIMIT, limitMessage)
    .default(fallback);

/** The sealed cursor opened (lib/paging.ts: opaque and signed, checked for what it holds). */
const cursorSchema = (sealer: PageCursorSealer) =>
  cursorQuerySchema.transform((value, ctx): PageCursor | null => {
    const cursor = openCursor(sealer, value);
    if (cursor === undefined) {
      ctx.addIssue({ code: 'custom', message: BAD_CURSOR });
      return z.NEVER;
    }
    return cursor;
  });

/** limit and cursor are checked before the optional reader location. */
const pageQuerySchema = (defaultLimit: number, sealer: PageCursorSealer) =>
  z
    .object({ limit: limitSchema(defaultLimit), cursor: cursorSchema(sealer), ...optionalLocationQueryShape })
    .transform((q, ctx) => ({
      limit: q.limit,
      cursor: q.cursor,
      location: readerLocationOf(q, ctx),
      accuracy: q.accuracy ?? null,
    }));

/**
 * The map calls answer markers (as columns) unless `?view=full` (docs/design.md, rule 20, decisions 024 and 025).
 * Both shapes are declared (common/api/contract.ts); each reply is written by the serialiser of its own view, so
 * a marker answer carries only the marker's fields whatever the service built.
 */
const mapSerializers: Record<MapView, (data: unknown) => string> = {
  markers: compileSerializer(mapMarkerColumnsSchema),
  full: compileSerializer(z.array(storySchema)),
};

export const storyReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.stories.read;
  const rateLimit = routeLimit(app, LOCATION_RATE_LIMIT);
  const config = { access: 'public', rateLimit } as const;
  const viewerOf = (request: FastifyRequest) => request.user?.id ?? null;
  /** The reader and their position claim: where they say they are, how accurately, and from which address. */
  const readerOf = (request: FastifyRequest, location: Point | null, accuracy: number | null | undefined): Reader => ({
    viewerId: viewerOf(request),
    location,
    accuracy: accuracy ?? null,
    ip: request.ip,
    fromAnotherSite: isCrossSiteRequest(request, app.config.publicUrl),
    readerId: request.readerId,
  });

  const nextLink = (request: FastifyRequest, cursor: PageCursor) =>
    nextPageLink(request.url, app.location.pageCursors.seal(cursor));

  app.route({
    ...apiRoute(app, 'discoverableStories', { summary: 'Public stories within 1500 m, nearest first' }),
    config,
    handler: async (request) => {
      const { lat, lng } = request.params;
      const location = { latitude: lat, longitude: lng };
      const reader = { ...readerOf(request, location, request.query.accuracy), location };
      return service.discoverable(reader, DISCOVERY_RADIUS_M, DISCOVERABLE_RESULT_CAP);
    },
  });

  app.route({
    ...apiRoute(app, 'storiesAround', {
      summary: 'Stories around a place the reader does not claim to be at (location denied): all locked',
    }),
    config,
    handler: async (request) => {
      const { lat, lng } = request.params;
      const reader = { viewerId: viewerOf(request), ip: request.ip };
      return service.around(reader, { latitude: lat, longitude: lng }, DISCOVERY_RADIUS_M, DISCOVERABLE_RESULT_CAP);
    },
  });

  app.route({
    ...apiRoute(app, 'mapAround', {
      summary: 'Stories around a point for the map: markers, or full stories with view=full',
    }),
    config,
    handler: async (request, reply) => {
      const { lat, lng } = request.params;
      const { accuracy, view, lang } = request.query;
      const location = { latitude: lat, longitude: lng };
      const reader = { ...readerOf(request, location, accuracy), location };
      const language = lang ?? null;
      const answer =
        view === 'full'
          ? await service.nearby(reader, MAP_RADIUS_M, MAP_RESULT_CAP, language)
          : toMarkerColumns(await service.nearbyMarkers(reader, MAP_RADIUS_M, MAP_RESULT_CAP, language));
      // Set only once there is an answer: an error thrown above is written by the error handler as usual.
      reply.serializer(mapSerializers[view]);
      return answer;
    },
  });

  app.route({
    ...apiRoute(app, 'mapInBox', { summary: 'Stories in a viewport: markers, or full stories with view=full' }),
    config,
    handler: async (request, reply) => {
      const { box, location, accuracy, view, language } = request.query;
      const reader = readerOf(request, location, accuracy);
      const answer =
        view === 'full'
          ? await service.inBox(reader, box, MAP_RESULT_CAP, language)
          : toMarkerColumns(await service.inBoxMarkers(reader, box, MAP_RESULT_CAP, language));
      reply.serializer(mapSerializers[view]);
      return answer;
    },
  });

  app.route({
    ...apiRoute(app, 'allStories', {
      summary: 'Public stories, newest first; the next page is in the Link header',
      // The table has the wire form; this one also opens the signed cursor.
      querystring: pageQuerySchema(ALL_STORIES_DEFAULT_LIMIT, app.location.pageCursors),
    }),
    config,
    handler: async (request, reply) => {
      const { limit, cursor, location, accuracy } = request.query;
      const page = await service.page(readerOf(request, location, accuracy), { limit, cursor });
      if (page.next) reply.header('link', nextLink(request, page.next));
      return page.stories;
    },
  });

  // My Stories only (docs/design.md, rule 12): a list of someone else's stories would be a map of where they go.
  app.route({
    ...apiRoute(app, 'userStories', {
      summary: "The signed-in user's own stories, newest first; next page in the Link header",
      querystring: pageQuerySchema(ALL_STORIES_MAX_LIMIT, app.location.pageCursors),
    }),
    config: { access: 'user', rateLimit },
    handler: async (request, reply) => {
      if (currentUser(request).id !== request.params.userId) throw forbidden(OWN_STORIES_ONLY);
      const { limit, cursor, location, accuracy } = request.query;
      const reader = readerOf(request, location, accuracy);
      const page = await service.page(reader, { limit, cursor, authorId: request.params.userId });
      if (page.next) reply.header('link', nextLink(request, page.next));
      return page.stories;
    },
  });

  app.route({
    ...apiRoute(app, 'story', { summary: 'One story' }),
    config,
    handler: async (request) => {
      const { id } = request.params;
      // A malformed id names no story: same answer as a missing one.
      if (!isUuid(id)) throw notFound(STORY_NOT_FOUND);
      const { location, accuracy } = request.query;
      const story = await service.byId(readerOf(request, location, accuracy), id);
      if (!story) throw notFound(STORY_NOT_FOUND);
      return story;
    },
  });
};
