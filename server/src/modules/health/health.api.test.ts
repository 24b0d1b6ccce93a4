import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

describe('foundation API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('GET /api/health checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health answers 503 when the database is gone', async () => {
    const original = t.database.ping;
    t.database.ping = async () => {
      throw new Error('connection lost');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
    } finally {
      t.database.ping = original;
    }
  });

  it('GET /api/categories lists the nine categories in order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.json()).toEqual([
      'Mystery',
      'Adventure',
      'History',
      'Fantasy',
      'Personal',
      'Romance',
      'Horror',
      'Nature',
      'Science Fiction',
    ]);
  });

  it('unknown /api paths get 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().message).toMatch(/not found/);
  });

  it('malformed JSON gets a 400 message, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
  });

  it('refuses state-changing requests from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { origin: 'https://evil.example', host: 'localhost:5000' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
  });

  it('the PostGIS extension is installed and the stories location index is GiST', async () => {
    const rows = await t.database.query<{ indexdef: string }>(
      (await import('drizzle-orm')).sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'stories_location_gist_idx'`,
    );
    expect(rows[0]?.indexdef).toMatch(/USING gist/);
  });
});

describe('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('serves an OpenAPI document generated from the shared schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
    const register = doc.paths['/api/user/register'].post.requestBody.content['application/json'].schema;
    expect(register.required).toEqual(expect.arrayContaining(['username', 'displayName', 'email', 'password']));
    const html = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(html.headers['content-type']).toMatch(/html/);
    expect(html.body).toContain('/api/stories/discoverable/{lat}/{lng}');
  });
});
