/**
 * Request and response shapes of API routes that are not forms (those are in schemas.ts): path parameters,
 * query strings and small answers. Routes declare them in their `schema`, so Fastify validates with them and
 * /api/docs describes them; the client may use the same types.
 */
import { z } from 'zod';
import type { Point } from './geo';
import { CATEGORIES } from './categories';
import { LIMITS } from './constants';
import {
  accuracyQuerySchema,
  createStoryFieldsSchema,
  latitudeSchema,
  latLngParamsSchema,
  longitudeSchema,
} from './schemas';
import { languageFilterSchema, mapViewSchema } from './map-schemas';

/** Canonical uuid text (any version), the form every id in the API takes. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/** A map viewport in degrees; west may exceed east when it crosses the antimeridian. */
export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const BAD_BBOX_MESSAGE = 'bbox must be west,south,east,north in degrees (south not above north)';

/** `bbox=west,south,east,north` → a BoundingBox, with one message for every malformed value. */
const bboxQueryValueSchema = z
  .string({ error: BAD_BBOX_MESSAGE })
  .max(LIMITS.numberTextMax * 4, BAD_BBOX_MESSAGE)
  .transform((value, ctx): BoundingBox => {
    const parts = value.split(',').map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
    const [west, south, east, north] = [
      longitudeSchema.safeParse(parts[0]),
      latitudeSchema.safeParse(parts[1]),
      longitudeSchema.safeParse(parts[2]),
      latitudeSchema.safeParse(parts[3]),
    ].map((parsed) => (parsed.success && parts.length === 4 ? parsed.data : undefined));
    if (west === undefined || south === undefined || east === undefined || north === undefined || south > north) {
      ctx.addIssue({ code: 'custom', message: BAD_BBOX_MESSAGE });
      return z.NEVER;
    }
    return { west, south, east, north };
  });

/** The optional reader location of a query string: both `lat` and `lng`, or neither. */
export const optionalLocationQueryShape = {
  lat: z
    .string()
    .max(LIMITS.numberTextMax, 'Latitude must be a number')
    .optional()
    .describe('Reader latitude (with lng): distances and distance locks'),
  lng: z
    .string()
    .max(LIMITS.numberTextMax, 'Longitude must be a number')
    .optional()
    .describe('Reader longitude (with lat)'),
  accuracy: accuracyQuerySchema.shape.accuracy,
};

/** Validates the optional lat/lng pair of a parsed query; null when both are absent. */
export function readerLocationOf(query: { lat?: string; lng?: string }, ctx: z.RefinementCtx): Point | null {
  if (query.lat === undefined && query.lng === undefined) return null;
  const parsed = latLngParamsSchema.safeParse(query);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid location' });
    return null;
  }
  return { latitude: parsed.data.lat, longitude: parsed.data.lng };
}

/** Query string with nothing but the optional reader location. */
export const locationQuerySchema = z
  .object(optionalLocationQueryShape)
  .transform((query, ctx) => ({ location: readerLocationOf(query, ctx), accuracy: query.accuracy ?? null }));

/** GET /api/stories/map?bbox=…[&lat&lng]: the bbox is checked first, then the location. */
export const bboxQuerySchema = z
  .object({
    bbox: bboxQueryValueSchema,
    ...optionalLocationQueryShape,
    view: mapViewSchema,
    lang: languageFilterSchema,
  })
  .transform((query, ctx) => ({
    box: query.bbox,
    location: readerLocationOf(query, ctx),
    accuracy: query.accuracy ?? null,
    view: query.view,
    language: query.lang ?? null,
  }));

/**
 * `:id` of a story. Any text is accepted here: a malformed id names no story, so the route answers 404 like
 * for an unknown one (not 400).
 */
export const storyIdParamsSchema = z.object({ id: z.string().describe('Story id (uuid)') });

export const userIdParamsSchema = z.object({ userId: z.uuid('Invalid user id') });

export const categoriesResponseSchema = z.array(z.enum(CATEGORIES));

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export const healthUnavailableResponseSchema = z.object({ status: z.literal('unavailable'), message: z.string() });

/** GET /api/ready: each dependency's check, and what is missing when not ready (503). */
/** 'warming' / 'catching-up': the in-memory story index, whose reads go to SQL meanwhile (not a failure). */
export const readinessCheckResultSchema = z.enum(['ok', 'failed', 'not configured', 'warming', 'catching-up']);
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  message: z.string().optional(),
  checks: z.record(z.string(), readinessCheckResultSchema),
});

/**
 * GET /api/config: the public subset of the configuration the client needs, and whether the request carries a
 * live session, so a visitor's page never asks GET /api/user/current only to be answered 401 (docs/decisions/015-installable-offline-push.md).
 */
export const publicConfigResponseSchema = z.object({
  tileUrl: z.string(),
  tileAttribution: z.string(),
  signedIn: z.boolean(),
  /** The map's tiles, always from the app's own origin: raster images or vector tiles (docs/decisions/038-vector-basemap-from-an-archive.md). */
  tileKind: z.enum(['raster', 'vector']),
  tileMaxZoom: z.number().int(),
  /** Whether a tour's map may be saved for offline use (the tile source allows bulk reads). */
  offlineMaps: z.boolean(),
});

export const checkUsernameResponseSchema = z.object({ exists: z.boolean() });

/** Answers that carry only a sentence for the user (sign-out, reset code sent). */
export const messageResponseSchema = z.object({ message: z.string() });

/**
 * POST /api/stories as documented: the text fields of createStoryFieldsSchema plus one media file by type. The
 * route streams and checks the form itself (server/src/modules/stories/story-form.ts), so this schema describes
 * the request in /api/docs and is not run against it.
 */
export const createStoryMultipartSchema = z.intersection(
  createStoryFieldsSchema,
  z.object({
    audio: z.file().optional().describe('The recording, for an audio story'),
    image: z.file().optional().describe('The picture, for an image story'),
    video: z.file().optional().describe('The video file, for a video story'),
  }),
);
