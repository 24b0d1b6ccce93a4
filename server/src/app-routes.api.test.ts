/**
 * Every route under /api declares its contract (docs/architecture.md, "The route contract"): its access, and zod schemas for what it takes and
 * answers. The routes are collected as the real app registers them, so a new route without them fails here.
 * The access each route declares is also what a signed-out caller meets: 401 on every 'user' route.
 */
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { $ZodType } from 'zod/v4/core';
import { useTestApp } from '#tests/helpers/test-app';

const isZod = (value: unknown) => value instanceof $ZodType;
const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

describe('route contracts', () => {
  const routes: RouteOptions[] = [];
  const t = useTestApp({}, { onRoute: (route) => void routes.push(route) });

  const apiRoutes = () => routes.filter((r) => r.url.startsWith('/api/') && !methodsOf(r).includes('HEAD'));

  it('collects the API routes', () => {
    const names = apiRoutes().map((r) => `${methodsOf(r).join(',')} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/stories',
        'GET /api/stories/discoverable/:lat/:lng',
        'GET /api/media/*',
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(20);
  });

  it('every /api route declares its access', () => {
    const missing = apiRoutes()
      .filter((r) => !['public', 'user', 'moderator', 'admin'].includes(r.config?.access ?? ''))
      .map((r) => `${methodsOf(r).join(',')} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('every /api route declares zod schemas: params for its path parameters, a body for what it reads, its answers', () => {
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const name = `${methodsOf(route).join(',')} ${route.url}`;
      const schema = route.schema;
      if (!schema) {
        problems.push(`${name}: no schema`);
        continue;
      }
      for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
        if (schema[part] !== undefined && !isZod(schema[part])) problems.push(`${name}: ${part} is not a zod schema`);
      }
      if (/[:*]/.test(route.url) && !schema.params) problems.push(`${name}: path parameters without a params schema`);
      const writes = methodsOf(route).some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH');
      const readsBody =
        writes &&
        ![
          '/api/logout',
          '/api/stories/:id/like',
          '/api/notifications/:id/read',
          '/api/notifications/read-all',
          '/api/blocks/:userId',
          '/api/authors/:userId/follow',
        ].includes(route.url);
      if (readsBody && !schema.body) problems.push(`${name}: no body schema`);
      const responses = Object.entries((schema.response ?? {}) as Record<string, unknown>);
      const success = responses.filter(([status]) => /^[23]/.test(status));
      if (success.length === 0) problems.push(`${name}: no response schema for its success answer`);
      for (const [status, response] of responses) {
        if (!isZod(response)) problems.push(`${name}: response ${status} is not a zod schema`);
      }
      if (!responses.some(([status]) => status === '4xx'))
        problems.push(`${name}: its { message } errors are not declared`);
    }
    expect(problems).toEqual([]);
  });

  it("a signed-out caller gets 401 from every 'user' (and moderator/admin) route, and never from a 'public' one", async () => {
    const sample = (url: string) =>
      url
        .replace(':lat', '40.7')
        .replace(':lng', '-74')
        .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000')
        .replace('*', 'x');
    for (const route of apiRoutes()) {
      for (const method of methodsOf(route)) {
        const res = await t.current.app.inject({ method, url: sample(route.url) });
        // Moderator and admin routes are signed-in routes first (docs/moderation.md).
        if (
          route.config?.access === 'user' ||
          route.config?.access === 'moderator' ||
          route.config?.access === 'admin'
        ) {
          expect({ route: `${method} ${route.url}`, status: res.statusCode, body: res.json() }).toEqual({
            route: `${method} ${route.url}`,
            status: 401,
            body: { message: 'Please sign in to continue.' },
          });
        } else {
          expect({ route: `${method} ${route.url}`, status: res.statusCode }).not.toEqual({
            route: `${method} ${route.url}`,
            status: 401,
          });
        }
      }
    }
  });
});

describe('/api/docs is generated from the routes', () => {
  const t = useTestApp();

  it('describes each API route once, the signed-in ones with the session, and the create form as multipart', async () => {
    const doc = (await t.current.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/'))).toBe(true);
    expect(doc.paths['/api/stories/all'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'cursor', 'lat', 'lng']),
    );
    expect(doc.paths['/api/user/current'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/categories'].get.security).toEqual([]);
    const create = doc.paths['/api/stories'].post;
    const form = create.requestBody.content['multipart/form-data'].schema;
    expect(JSON.stringify(form)).toContain('"title"');
    expect(JSON.stringify(form)).toContain('"video"');
    expect(create.responses['201'].content['application/json'].schema.properties.isLocked).toBeDefined();
    expect(doc.paths['/api/notifications'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/notifications/smart/{lat}/{lng}'].get.security).toEqual([]);
  });
});
