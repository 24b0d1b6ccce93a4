/**
 * The route contract (issue 9): every route declares zod schemas from common/ for its params, querystring, body
 * and responses, plus its access (plugins/access.ts). This plugin makes Fastify use them:
 * - requests are validated with zod (fastify-type-provider-zod); the error handler answers the first issue's
 *   message with 400;
 * - answers are serialised by fast-json-stringify compiled from the JSON Schema of the declared zod response
 *   (not zod-encoded at run time): only declared fields leave the server, and the hot read stays as fast as
 *   before (a zod encode of a page of stories costs about twice a JSON.stringify; this is faster than both);
 * - /api/docs is generated from the registered routes by @fastify/swagger.
 */
import swagger from '@fastify/swagger';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { badRequest } from '../lib/http-errors';

const streamedBodies = new WeakSet<$ZodType>();

/**
 * Marks a body schema that describes a request the handler reads as a stream (multipart uploads): Fastify has no
 * parsed body to check, so the schema documents the request and the handler validates while it reads.
 */
export function streamedBody<T extends $ZodType>(schema: T): T {
  streamedBodies.add(schema);
  return schema;
}

/** PostgreSQL text cannot hold U+0000: a value carrying one would fail its query with a 500 (issue 15). */
export const NUL_IN_TEXT = 'Text must not contain NUL characters.';

/** Whether a string anywhere in a parsed request part (values or keys, at any depth) holds U+0000. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
  }
  return false;
}

/** The declared zod schema, after a refusal of NUL characters that no schema needs to repeat. */
const requestValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  if (route.httpPart === 'body' && streamedBodies.has(route.schema)) return () => true;
  const validate = validatorCompiler(route);
  return (data) => (containsNul(data) ? { error: badRequest(NUL_IN_TEXT) } : validate(data));
};

/** Serialiser for a declared zod response schema, compiled once per route and status. */
const responseSerializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'openapi-3.0', unrepresentable: 'any' });
  return fastJsonStringify(jsonSchema as Schema);
};

export const routeContractPlugin = fp(
  async (app) => {
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
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'whispers_session' } } },
      },
      transform: (document) => {
        // Only the API is described (not the built client's static files).
        if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
        const transformed = jsonSchemaTransform(document);
        const access = document.route.config?.access;
        if (access === undefined || access === 'public') return transformed;
        return { ...transformed, schema: { ...transformed.schema, security: [{ session: [] }] } };
      },
    });
  },
  { name: 'route-contract' },
);
