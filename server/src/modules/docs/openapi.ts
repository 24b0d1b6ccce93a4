/**
 * The OpenAPI description of the API, generated from the shared zod contract (common/schemas.ts) so the
 * documentation cannot drift from what routes accept. Served at /api/docs (HTML) and /api/docs/openapi.json.
 */
import { z, type ZodType } from 'zod';
import { CATEGORIES } from '#common/categories';
import {
  accuracyQuerySchema,
  checkUsernameRequestSchema,
  createStoryFieldsSchema,
  currentUserSchema,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  likeResponseSchema,
  loginRequestSchema,
  notificationSchema,
  registerRequestSchema,
  reportResponseSchema,
  reportStoryRequestSchema,
  resetPasswordRequestSchema,
  setupRequestSchema,
  storySchema,
} from '#common/schemas';

const json = (schema: ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

interface Operation {
  summary: string;
  auth?: boolean;
  body?: ZodType;
  multipart?: ZodType;
  response?: ZodType;
  status?: number;
  params?: string[];
  query?: string[];
}

const stories = z.array(storySchema);
const latLng = ['lat', 'lng'];
/** Query parameters documented from their zod schema (type and description), not as plain strings. */
const describedQuery: Record<string, ZodType> = { accuracy: accuracyQuerySchema.shape.accuracy };
const claimNote = ' The reader position is a claim (docs/security.md): lockReason may be location, travel, accuracy or budget.';

const operations: Record<string, Record<string, Operation>> = {
  '/api/health': { get: { summary: 'Liveness + database check (200 or 503)' } },
  '/api/categories': { get: { summary: 'The nine category names', response: z.array(z.enum(CATEGORIES)) } },
  '/api/config': { get: { summary: 'Public client configuration (map tiles)' } },
  '/api/user/register': { post: { summary: 'Create an account and sign in', body: registerRequestSchema, response: currentUserSchema, status: 201 } },
  '/api/user/login': { post: { summary: 'Sign in', body: loginRequestSchema, response: currentUserSchema } },
  '/api/user/current': { get: { summary: 'The signed-in user (401 when signed out)', auth: true, response: currentUserSchema } },
  '/api/user/setup': { post: { summary: 'Complete or edit the profile', auth: true, body: setupRequestSchema, response: currentUserSchema } },
  '/api/user/check-username': { post: { summary: 'Does a username exist?', body: checkUsernameRequestSchema, response: z.object({ exists: z.boolean() }) } },
  '/api/user/forgot-password': { post: { summary: 'Mail a single-use reset code', body: forgotPasswordRequestSchema } },
  '/api/user/reset-password': { post: { summary: 'Set a new password with the mailed code', body: resetPasswordRequestSchema } },
  '/api/logout': {
    post: { summary: 'Sign out' },
    get: { summary: 'Sign out, then redirect to /auth' },
  },
  '/api/stories': {
    post: { summary: 'Create a story (multipart; file field audio, image or video)', auth: true, multipart: createStoryFieldsSchema, response: storySchema, status: 201 },
  },
  '/api/stories/discoverable/{lat}/{lng}': { get: { summary: `Public stories within 1500 m, nearest first.${claimNote}`, params: latLng, query: ['accuracy'], response: stories } },
  '/api/stories/around/{lat}/{lng}': { get: { summary: 'Stories around a place that is not the reader\'s position (location denied): all locked, lockReason "location", no distance', params: latLng, response: stories } },
  '/api/stories/map/{lat}/{lng}': { get: { summary: `Stories around a point for the map.${claimNote}`, params: latLng, query: ['accuracy'], response: stories } },
  '/api/stories/map': { get: { summary: `Stories in a viewport (without lat/lng all locked, "location").${claimNote}`, query: ['bbox', 'lat', 'lng', 'accuracy'], response: stories } },
  '/api/stories/all': { get: { summary: 'Public stories, newest first; next page in the Link header (opaque, signed cursor)', query: ['limit', 'cursor', 'lat', 'lng', 'accuracy'], response: stories } },
  '/api/stories/user/{userId}': { get: { summary: "The signed-in user's own stories (My Stories); 401 signed out, 403 for anyone else's", auth: true, params: ['userId'], query: ['limit', 'cursor'], response: stories } },
  '/api/stories/{id}': { get: { summary: `One story.${claimNote}`, params: ['id'], query: ['lat', 'lng', 'accuracy'], response: storySchema } },
  '/api/stories/{id}/like': {
    post: { summary: 'Like (once per user; 403 unless the story was unlocked for this user once)', auth: true, params: ['id'], response: likeResponseSchema },
    delete: { summary: 'Unlike', auth: true, params: ['id'], response: likeResponseSchema },
  },
  '/api/stories/{id}/report': {
    post: { summary: 'Report a story (201; 200 when reported again; 403 unless the story was unlocked for this user once)', auth: true, params: ['id'], body: reportStoryRequestSchema, response: reportResponseSchema, status: 201 },
  },
  '/api/media/{key}': { get: { summary: 'A media file through a signed URL (HTTP Range supported)', params: ['key'], query: ['exp', 'sig'] } },
  '/api/notifications': { get: { summary: "The signed-in user's notifications", auth: true, response: z.array(notificationSchema) } },
};

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(operations)) {
    paths[path] = {};
    for (const [method, op] of Object.entries(methods)) {
      const parameters = [
        ...(op.params ?? []).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...(op.query ?? []).map((name) => {
          const described = describedQuery[name];
          if (!described) return { name, in: 'query', required: false, schema: { type: 'string' } };
          return { name, in: 'query', required: false, description: described.description, schema: json(described, 'input') };
        }),
      ];
      const requestBody = op.body
        ? { required: true, content: { 'application/json': { schema: json(op.body, 'input') } } }
        : op.multipart
          ? { required: true, content: { 'multipart/form-data': { schema: json(op.multipart, 'input') } } }
          : undefined;
      paths[path][method] = {
        summary: op.summary,
        ...(op.auth ? { security: [{ session: [] }] } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(requestBody ? { requestBody } : {}),
        responses: {
          [String(op.status ?? 200)]: {
            description: 'OK',
            ...(op.response ? { content: { 'application/json': { schema: json(op.response) } } } : {}),
          },
          '4XX': { description: 'Bad input, not signed in, forbidden, not found, conflict or rate limited', content: { 'application/json': { schema: json(errorResponseSchema) } } },
        },
      };
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Whispers API', version: '1.0.0', description: 'Location-based storytelling: discover hidden stories.' },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'whispers_session' } } },
    paths,
  };
}
