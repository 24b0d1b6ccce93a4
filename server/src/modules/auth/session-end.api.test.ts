/**
 * Every session end clears the device (docs/security.md, "Session end clears the device"): `Clear-Site-Data:
 * "cache", "storage"` on POST /api/logout, on the sign-out link GET /api/logout, on account deletion, and on the
 * 401 answering a session cookie that no longer names a session (ended from another device, the account deleted
 * elsewhere) — never on a visitor's 401 (no cookie: nothing of theirs to clear).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';
import { call, newAccount, sessionCookieOf } from './test-support/auth-helpers';
import { SESSION_END_CLEAR_SITE_DATA } from './session-plugin';
import { SESSION_COOKIE } from './session-store';

describe('session end clears the device', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(async () => t.close());

  const clears = (res: LightMyRequestResponse) => res.headers['clear-site-data'];
  const current = (cookie?: string) => t.app.inject({ url: '/api/user/current', headers: cookie ? { cookie } : {} });
  const clearsCookie = (res: LightMyRequestResponse) =>
    res.cookies.some((cookie) => cookie.name === SESSION_COOKIE && cookie.value === '');

  it('says exactly "cache", "storage"', () => {
    expect(SESSION_END_CLEAR_SITE_DATA).toBe('"cache", "storage"');
  });

  it('POST /api/logout clears the device, and the ended session’s cookie then answers 401 that clears it too', async () => {
    const user = await createTestUser(t.database);
    expect(clears(await current(user.cookie))).toBeUndefined();
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    expect(clears(out)).toBe('"cache", "storage"');
    const stale = await current(user.cookie);
    expect(stale.statusCode).toBe(401);
    expect(clears(stale)).toBe('"cache", "storage"');
    expect(clearsCookie(stale)).toBe(true);
  });

  it('the sign-out link GET /api/logout clears the device', async () => {
    const user = await createTestUser(t.database);
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(302);
    expect(clears(out)).toBe('"cache", "storage"');
  });

  it('a session ended from another device: this device’s next call answers 401 and clears it', async () => {
    const account = newAccount('twodev');
    expect((await call(t.app, 'POST', '/api/user/register', account)).statusCode).toBe(201);
    const login = () =>
      call(t.app, 'POST', '/api/user/login', { username: account.username, password: account.password });
    const phone = sessionCookieOf(await login())!;
    const laptop = sessionCookieOf(await login())!;
    // The laptop deletes the account: the phone's session is gone with it.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: laptop },
      payload: { password: account.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(clears(deleted)).toBe('"cache", "storage"');
    const onPhone = await current(phone);
    expect(onPhone.statusCode).toBe(401);
    expect(clears(onPhone)).toBe('"cache", "storage"');
    // Any call the stale cookie makes that needs a session says the same.
    const notifications = await t.app.inject({ url: '/api/notifications', headers: { cookie: phone } });
    expect(notifications.statusCode).toBe(401);
    expect(clears(notifications)).toBe('"cache", "storage"');
  });

  it('a visitor’s 401 (no session cookie) and a signed-in answer clear nothing', async () => {
    const visitor = await current();
    expect(visitor.statusCode).toBe(401);
    expect(clears(visitor)).toBeUndefined();
    const user = await createTestUser(t.database);
    const signedIn = await current(user.cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(clears(signedIn)).toBeUndefined();
  });
});
