/**
 * GET /api/config says whether the caller has a live session (docs/decisions/015-installable-offline-push.md): the client asks GET /api/user/current
 * only then, so a visitor's page logs no 401. The answer differs by caller, so no cache may keep it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';

describe('GET /api/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(async () => t.close());

  it('a visitor: signedIn false, and not cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signedIn: false, tileUrl: expect.any(String) });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a live session: signedIn true; an ended or forged one: false', async () => {
    const user = await createTestUser(t.database);
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/config', headers: { cookie: user.cookie } });
    expect(signedIn.json().signedIn).toBe(true);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: user.cookie, origin: 'http://localhost' },
    });
    expect(logout.statusCode).toBeLessThan(400);
    const after = await t.app.inject({ method: 'GET', url: '/api/config', headers: { cookie: user.cookie } });
    expect(after.json().signedIn).toBe(false);
    const current = await t.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: user.cookie } });
    expect(current.statusCode).toBe(401);

    const [name] = user.cookie.split('=');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { cookie: `${name}=not-a-session` },
    });
    expect(forged.json().signedIn).toBe(false);
  });
});
