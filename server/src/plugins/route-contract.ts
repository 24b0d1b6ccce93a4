/**
 * The route contract (docs/architecture.md, "The route contract"): every route declares zod schemas from common/ for its params, querystring, body
 * and responses, plus its access (plugins/access.ts). This plugin makes Fastify use them:
 * - requests are validated with zod (fastify-type-provider-zod); the error handler answers the first issue's
 *   message with 400;
 * - answers are serialised by fast-json-stringify compiled from the JSON Schema of the declared zod response
 *   (not zod-encoded at run time): only declared fields leave the server, and the hot read stays as fast as
 *   before (a zod encode of a page of stories costs about twice a JSON.stringify; this is faster than both);
 * - /api/docs is generated from the registered routes by @fastify/swagger, each operation with an operationId
 *   derived from its method and path and the security its declared access implies (Redocly's recommended rules
 *   pass: npm run openapi).
 */
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { badRequest } from '../lib/http-errors';
import type { RouteAccess } from './access';

const streamedBodies = new WeakSet<$ZodType>();

/**
 * Marks a body schema that describes a request the handler reads as a stream (multipart uploads): Fastify has no
 * parsed body to check, so the schema documents the request and the handler validates while it reads.
 */
export function streamedBody<T extends $ZodType>(schema: T): T {
  streamedBodies.add(schema);
  return schema;
}

/** PostgreSQL text cannot hold U+0000: a value carrying one would fail its query with a 500 (docs/security.md, "Threat model"). */
export const NUL_IN_TEXT = 'Text must not contain NUL characters.';

/**
 * Whether a string anywhere in a parsed request part (values or keys, at any depth) holds U+0000. A walk with a
 * stack of its own rather than recursion: no input can overflow the call stack (docs/security.md, "Hardening, third round").
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The declared zod schema, after a refusal of NUL characters that no schema needs to repeat. */
const requestValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  if (route.httpPart === 'body' && streamedBodies.has(route.schema)) return () => true;
  const validate = validatorCompiler(route);
  return (data) => (containsNul(data) ? { error: badRequest(NUL_IN_TEXT) } : validate(data));
};

/**
 * A fast-json-stringify serialiser of a zod schema: only its declared fields are written. Routes whose answer
 * has more than one shape (the map calls' `view`) pick one per reply with `reply.serializer(...)`.
 */
export function compileSerializer(schema: $ZodType): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'openapi-3.0', unrepresentable: 'any' });
  return fastJsonStringify(jsonSchema as Schema);
}

/** Serialiser for a declared zod response schema, compiled once per route and status. */
const responseSerializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema }) => compileSerializer(schema);

export interface RouteContractOptions {
  /** The session cookie's name as this instance sets it (modules/auth: `__Host-` prefixed over HTTPS). */
  sessionCookieName: string;
  /** Where the API is served: PUBLIC_URL, or `/` (the origin that served the document). */
  serverUrl: string;
}

export const routeContractPlugin = fp<RouteContractOptions>(
  async (app, options) => {
    app.setValidatorCompiler(requestValidatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Whispers API',
          version: '1.0.0',
          description: 'Location-based storytelling: discover hidden stories. Errors are JSON { "message": "…" }.',
        },
        servers: [{ url: options.serverUrl.replace(/(?<=.)\/+$/, '') }],
        components: {
          securitySchemes: {
            [SESSION_SCHEME]: {
              type: 'apiKey',
              in: 'cookie',
              name: options.sessionCookieName,
              description:
                'The session cookie set by sign-in and registration: `__Host-whispers_session` when the app is served ' +
                'over HTTPS (production), `whispers_session` over plain HTTP (development).',
            },
          },
        },
      },
      transform: (document) => {
        // Only the API is described (not the built client's static files).
        if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
        const { schema, url } = jsonSchemaTransform(document);
        const method = [document.route.method].flat()[0]!;
        const documented = withNamedWildcard(url, schema as Record<string, unknown>);
        return {
          url: documented.url,
          schema: {
            ...documented.schema,
            operationId: (schema as { operationId?: string }).operationId ?? operationIdOf(method, document.url),
            ...securityOf(document.route.config?.access),
          },
        };
      },
      // Answers that may be null are written `nullable` beside a `type` (OpenAPI 3.0 asks for one; zod leaves it
      // out on a union).
      transformObject: (documentObject) =>
        withTypedNullables(
          'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject,
        ) as ReturnType<SwaggerTransformObject>,
    });
  },
  { name: 'route-contract' },
);

const SESSION_SCHEME = 'session';

/** Signed-in routes name the session cookie; public ones say they need nothing (`[]`), from the declared access. */
function securityOf(access: RouteAccess | undefined): { security?: Record<string, string[]>[] } {
  switch (access) {
    case 'user':
    case 'moderator':
    case 'admin':
      return { security: [{ [SESSION_SCHEME]: [] }] };
    case 'public':
      return { security: [] };
    case undefined:
      // Undeclared access is refused by app-routes.api.test.ts; the document does not guess.
      return {};
  }
}

/**
 * One operationId per route, derived from its method and path so no route file repeats it (a route may still
 * declare `schema.operationId`): `GET /api/stories/:id/like` → `getStoriesByIdLike`,
 * `GET /api/stories/discoverable/:lat/:lng` → `getStoriesDiscoverableByLatAndLng`, `/api/media/*` → `…ByPath`.
 */
function operationIdOf(method: string, url: string): string {
  const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  let afterParam = false;
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .map((segment) => {
      const param = segment === '*' ? WILDCARD_PARAM : segment.startsWith(':') ? segment.slice(1) : null;
      const word =
        param === null
          ? segment
              .split(/[^A-Za-z0-9]+/)
              .map(capitalise)
              .join('')
          : (afterParam ? 'And' : 'By') + capitalise(param);
      afterParam = param !== null;
      return word;
    });
  return method.toLowerCase() + words.join('');
}

/** The name a trailing wildcard (`/api/media/*`) gets in the document, where a path parameter needs a name. */
const WILDCARD_PARAM = 'path';

function withNamedWildcard(
  url: string,
  schema: Record<string, unknown>,
): { url: string; schema: Record<string, unknown> } {
  if (!url.endsWith('/*')) return { url, schema };
  const params = schema.params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  const properties = { ...params?.properties };
  if ('*' in properties) {
    properties[WILDCARD_PARAM] = properties['*'];
    delete properties['*'];
  }
  return {
    url: `${url.slice(0, -1)}:${WILDCARD_PARAM}`,
    schema: {
      ...schema,
      params: {
        ...params,
        properties,
        required: [...new Set([...(params?.required ?? []).filter((name) => name !== '*'), WILDCARD_PARAM])],
      },
    },
  };
}

/** `{ nullable: true, anyOf: [...] }` → the same with the branches' common `type` beside it (or nullable branches). */
function withTypedNullables(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withTypedNullables);
  if (value === null || typeof value !== 'object') return value;
  const node = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withTypedNullables(inner)]));
  if (node.nullable !== true || 'type' in node) return node;
  const branches = (node.anyOf ?? node.oneOf) as { type?: unknown }[] | undefined;
  if (!branches) return node;
  const types = new Set(branches.map((branch) => branch.type));
  const [only] = types;
  if (types.size === 1 && typeof only === 'string') return { type: only, ...node };
  const { nullable: _nullable, ...rest } = node;
  const key = node.anyOf ? 'anyOf' : 'oneOf';
  return { ...rest, [key]: branches.map((branch) => ({ ...branch, nullable: true })) };
}
