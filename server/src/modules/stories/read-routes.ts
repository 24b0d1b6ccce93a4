/**
 * Story reads (spec section 7, issue 4): discoverable, map (around a point and by viewport), all (paginated),
 * a user's stories and one story. Thin: parse and validate here, the service finds and presents.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ALL_STORIES_DEFAULT_LIMIT,
  ALL_STORIES_MAX_LIMIT,
  DISCOVERABLE_RESULT_CAP,
  DISCOVERY_RADIUS_M,
  MAP_RADIUS_M,
  MAP_RESULT_CAP,
} from '#common/constants';
import { accuracyQuerySchema, latitudeSchema, latLngParamsSchema, longitudeSchema } from '#common/schemas';
import { forbidden, notFound, parseOrThrow, unauthorized } from '../../lib/http-errors';
import { weatherProviderFromConfig } from '../../weather/weather-provider';
import { createStoryReadService, type Reader } from './read-service';
import { createStoryRepository, type BoundingBox, type PageCursor } from './story-repository';

/** Location queries are the hot path: generous per-IP limit, off when RATE_LIMIT_DISABLED (benchmarks). */
export const LOCATION_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

const STORY_NOT_FOUND = 'Story not found';
const BAD_BBOX = 'bbox must be west,south,east,north in degrees (south not above north)';
const BAD_CURSOR = 'Invalid cursor';
const OWN_STORIES_ONLY = 'You can only list your own stories.';
const SIGN_IN_FOR_OWN_STORIES = 'Sign in to see your stories.';

/** Optional reader location in the query string: both lat and lng, or neither. */
const optionalLocationQuery = z
  .object({ lat: z.string().optional(), lng: z.string().optional() })
  .transform((q, ctx) => {
    if (q.lat === undefined && q.lng === undefined) return null;
    const parsed = latLngParamsSchema.safeParse(q);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid location' });
      return z.NEVER;
    }
    return { latitude: parsed.data.lat, longitude: parsed.data.lng };
  });

const limitSchema = (fallback: number) =>
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ALL_STORIES_MAX_LIMIT}` })
    .int(`limit must be a whole number from 1 to ${ALL_STORIES_MAX_LIMIT}`)
    .min(1, `limit must be a whole number from 1 to ${ALL_STORIES_MAX_LIMIT}`)
    .max(ALL_STORIES_MAX_LIMIT, `limit must be a whole number from 1 to ${ALL_STORIES_MAX_LIMIT}`)
    .default(fallback);

/** `open` unseals a cursor token (location/page-cursor.ts): cursors are opaque and signed. */
const cursorSchema = (open: (token: string) => PageCursor | null) => z
  .string()
  .optional()
  .transform((value, ctx): PageCursor | null => {
    if (value === undefined || value === '') return null;
    const cursor = open(value);
    if (!cursor) {
      ctx.addIssue({ code: 'custom', message: BAD_CURSOR });
      return z.NEVER;
    }
    return cursor;
  });

const pageQuerySchema = (defaultLimit: number, open: (token: string) => PageCursor | null) =>
  z.object({ limit: limitSchema(defaultLimit), cursor: cursorSchema(open) });

const bboxSchema = z
  .string({ error: BAD_BBOX })
  .transform((value, ctx): BoundingBox => {
    const parts = value.split(',').map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
    const [west, south, east, north] = parts as [number, number, number, number];
    const valid =
      parts.length === 4 &&
      parts.every(Number.isFinite) &&
      longitudeSchema.safeParse(west).success &&
      longitudeSchema.safeParse(east).success &&
      latitudeSchema.safeParse(south).success &&
      latitudeSchema.safeParse(north).success &&
      south <= north;
    if (!valid) {
      ctx.addIssue({ code: 'custom', message: BAD_BBOX });
      return z.NEVER;
    }
    return { west, south, east, north };
  });

const idParamsSchema = z.object({ id: z.string() });
const userParamsSchema = z.object({ userId: z.uuid('Invalid user id') });
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor's unsealed contents, checked again: only what PostgreSQL itself printed for created_at is accepted. */
export function validCursor(cursor: PageCursor | null): PageCursor | null {
  const timestamp = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
  return cursor && timestamp.test(cursor.createdAt) && UUID_RE.test(cursor.id) ? cursor : null;
}

export const storyReadRoutes: FastifyPluginAsync = async (app) => {
  const service = createStoryReadService({
    repository: createStoryRepository(app.database),
    signer: app.mediaSigner,
    weather: weatherProviderFromConfig(app.config),
    location: app.locationGuard,
  });
  const openCursor = (token: string) => validCursor(app.pageCursors.open(token));
  const rateLimit = { rateLimit: app.config.rateLimitDisabled ? (false as const) : { ...LOCATION_RATE_LIMIT } };
  const viewerOf = (request: FastifyRequest) => request.user?.id ?? null;
  /** The reader and their position claim: where they say they are, how accurately, and from which address. */
  const readerOf = (request: FastifyRequest, location: Reader['location']): Reader => ({
    viewerId: viewerOf(request),
    location,
    accuracy: parseOrThrow(accuracyQuerySchema, request.query).accuracy ?? null,
    ip: request.ip,
  });

  /** Link header to the next page: same path and query, new cursor. */
  const nextLink = (request: FastifyRequest, cursor: PageCursor) => {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('cursor', app.pageCursors.seal(cursor));
    return `<${url.pathname}${url.search}>; rel="next"`;
  };

  app.get('/stories/discoverable/:lat/:lng', { config: rateLimit }, async (request) => {
    const { lat, lng } = parseOrThrow(latLngParamsSchema, request.params);
    const location = { latitude: lat, longitude: lng };
    return service.nearby({ ...readerOf(request, location), location }, DISCOVERY_RADIUS_M, DISCOVERABLE_RESULT_CAP);
  });

  // Location denied: the stories around a place the reader does NOT claim to be at, all locked ("location").
  app.get('/stories/around/:lat/:lng', { config: rateLimit }, async (request) => {
    const { lat, lng } = parseOrThrow(latLngParamsSchema, request.params);
    const reader = { viewerId: viewerOf(request), ip: request.ip };
    return service.around(reader, { latitude: lat, longitude: lng }, DISCOVERY_RADIUS_M, DISCOVERABLE_RESULT_CAP);
  });

  app.get('/stories/map/:lat/:lng', { config: rateLimit }, async (request) => {
    const { lat, lng } = parseOrThrow(latLngParamsSchema, request.params);
    const location = { latitude: lat, longitude: lng };
    return service.nearby({ ...readerOf(request, location), location }, MAP_RADIUS_M, MAP_RESULT_CAP);
  });

  app.get('/stories/map', { config: rateLimit }, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const box = parseOrThrow(bboxSchema, query.bbox);
    const location = parseOrThrow(optionalLocationQuery, query);
    return service.inBox(readerOf(request, location), box, MAP_RESULT_CAP);
  });

  app.get('/stories/all', { config: rateLimit }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const { limit, cursor } = parseOrThrow(pageQuerySchema(ALL_STORIES_DEFAULT_LIMIT, openCursor), query);
    const reader = readerOf(request, parseOrThrow(optionalLocationQuery, query));
    const page = await service.page(reader, { limit, cursor });
    if (page.next) reply.header('link', nextLink(request, page.next));
    return page.stories;
  });

  // My Stories only (DESIGN.md decision 12): a list of someone else's stories would be a map of where they go.
  app.get('/stories/user/:userId', { config: rateLimit }, async (request, reply) => {
    const { userId } = parseOrThrow(userParamsSchema, request.params);
    if (!request.user) throw unauthorized(SIGN_IN_FOR_OWN_STORIES);
    if (request.user.id !== userId) throw forbidden(OWN_STORIES_ONLY);
    const query = request.query as Record<string, string | undefined>;
    const { limit, cursor } = parseOrThrow(pageQuerySchema(ALL_STORIES_MAX_LIMIT, openCursor), query);
    const reader = readerOf(request, parseOrThrow(optionalLocationQuery, query));
    const page = await service.page(reader, { limit, cursor, authorId: userId });
    if (page.next) reply.header('link', nextLink(request, page.next));
    return page.stories;
  });

  app.get('/stories/:id', { config: rateLimit }, async (request) => {
    const { id } = parseOrThrow(idParamsSchema, request.params);
    const query = request.query as Record<string, string | undefined>;
    const reader = readerOf(request, parseOrThrow(optionalLocationQuery, query));
    // A malformed id names no story: same answer as a missing one.
    if (!UUID_RE.test(id)) throw notFound(STORY_NOT_FOUND);
    const story = await service.byId(reader, id);
    if (!story) throw notFound(STORY_NOT_FOUND);
    return story;
  });
};

// Exported for tests that check the wording.
export const READ_MESSAGES = { STORY_NOT_FOUND, BAD_BBOX, BAD_CURSOR, OWN_STORIES_ONLY, SIGN_IN_FOR_OWN_STORIES } as const;
