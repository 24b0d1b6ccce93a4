/**
 * Sessions and headers (docs/security.md, "Threat model"): Fetch Metadata refusals, sign-out by link only from the app itself,
 * Permissions-Policy, private answers never cached, request time limits, no source maps in production, and the
 * session cookie Secure by default in production.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../app';
import { loadConfig } from '../config';
import { newAccount, sessionCookieOf } from '../modules/auth/test-support/auth-helpers';
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from '../modules/auth/session-store';
import { PERSONAL_CACHE_CONTROL } from './response-headers';
import { createTestApp, useTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';

/** A test that builds its own app waits as long as a hook may (vitest.config.ts: hookTimeout). */
const APP_OF_ITS_OWN_MS = 120_000;

describe('sessions and headers', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });
  const currentStatus = async (cookie: string) =>
    (await t.current.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie } })).statusCode;

  it('refuses a state-changing request marked Sec-Fetch-Site: cross-site, even without an Origin header', async () => {
    const user = await createTestUser(t.current.database);
    const crossSite = await t.current.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ message: 'Cross-site request refused' });
    expect(await currentStatus(user.cookie)).toBe(200);
    const sameOrigin = await t.current.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    expect(await currentStatus(user.cookie)).toBe(401);
  });

  it('GET /api/logout signs out only from a same-origin navigation or one the user typed', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const user = await createTestUser(t.current.database);
      const res = await t.current.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie: user.cookie, 'sec-fetch-site': site },
      });
      expect({ site, status: res.statusCode }).toEqual({ site, status: 403 });
      expect(await currentStatus(user.cookie)).toBe(200);
    }
    for (const site of ['same-origin', 'none', undefined]) {
      const user = await createTestUser(t.current.database);
      const headers: Record<string, string> = { cookie: user.cookie };
      if (site) headers['sec-fetch-site'] = site;
      const res = await t.current.app.inject({ method: 'GET', url: '/api/logout', headers });
      expect({ site, status: res.statusCode, location: res.headers.location }).toEqual({
        site,
        status: 302,
        location: '/auth',
      });
      expect(await currentStatus(user.cookie)).toBe(401);
    }
  });

  it('allows exactly camera, microphone, geolocation and the screen wake lock (walk mode) to the app itself, on API answers and pages alike', async () => {
    for (const url of ['/api/health', '/some/page', '/api/nothing-here']) {
      const policy = String((await t.current.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      const allowed = policy
        .split(',')
        .map((d) => d.trim())
        .filter((d) => !d.endsWith('=()'));
      expect(allowed.sort()).toEqual([
        'camera=(self)',
        'geolocation=(self)',
        'microphone=(self)',
        'screen-wake-lock=(self)',
      ]);
    }
  });

  it('marks personalised answers private, no-store; public ones keep their own policy', async () => {
    const user = await createTestUser(t.current.database);
    const get = (url: string, cookie?: string) =>
      t.current.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    for (const url of [
      '/api/user/current',
      '/api/notifications',
      '/api/notifications/unread',
      '/api/stories/all',
      '/api/stories/discoverable/32.08/-81.09',
    ]) {
      const res = await get(url, user.cookie);
      expect({ url, status: res.statusCode, cache: res.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cache: PERSONAL_CACHE_CONTROL,
      });
    }
    // Signed out: an account answer (401) is still never cached; the categories stay publicly cacheable.
    expect((await get('/api/user/current')).headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL);
    expect((await get('/api/categories')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sets time limits on receiving a request: its head and the whole of it', () => {
    expect(t.current.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(t.current.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(0);
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(HEADERS_TIMEOUT_MS);
  });
});

describe('production: no source maps, Secure session cookie by default', () => {
  it('serves no source map in production, but does in development', { timeout: APP_OF_ITS_OWN_MS }, async () => {
    const clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-client-'));
    await fs.mkdir(path.join(clientDir, 'assets'));
    await fs.writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Whispers</title>');
    await fs.writeFile(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
    await fs.writeFile(path.join(clientDir, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const production = await createTestApp({ NODE_ENV: 'production', RATE_LIMIT_DISABLED: 'true' }, { clientDir });
    const development = await createTestApp({ NODE_ENV: 'development' }, { clientDir });
    try {
      const map = await production.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
      expect((await production.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(200);
      expect((await development.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' })).statusCode).toBe(200);

      const registered = await production.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: newAccount('prod'),
      });
      expect(registered.statusCode).toBe(201);
      expect(sessionCookieOf(registered)).toBeDefined();
      expect(registered.cookies.find((c) => c.name === HOST_SESSION_COOKIE)!.secure).toBe(true);
    } finally {
      await production.close();
      await development.close();
      await fs.rm(clientDir, { recursive: true, force: true });
    }
  });

  it('COOKIE_SECURE defaults to on in production only, and can be turned off for plain HTTP', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).cookieSecure).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });
});

/** docs/security.md, "Threat model": over HTTPS the session cookie is `__Host-whispers_session`; the name is decided by the config. */
describe('session cookie name', () => {
  const register = (app: TestApp['app'], name: string) =>
    app.inject({ method: 'POST', url: '/api/user/register', payload: newAccount(name) });
  const current = (app: TestApp['app'], cookie: string) =>
    app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie } });

  it.each([
    ['COOKIE_SECURE=true', { COOKIE_SECURE: 'true' as const }],
    ['an https PUBLIC_URL', { PUBLIC_URL: 'https://whispers.example' }],
  ])(
    'over HTTPS (%s): __Host- prefix, Secure, Path=/, no Domain; the plain name is not read',
    // Each builds an app of its own (its own database): as long as a hook may take on a busy machine.
    { timeout: APP_OF_ITS_OWN_MS },
    async (_label, env) => {
      const t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', ...env });
      try {
        const res = await register(t.app, 'host');
        expect(res.statusCode).toBe(201);
        const set = res.cookies.find((c) => c.name === HOST_SESSION_COOKIE)!;
        expect(set).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
        expect(set.domain).toBeUndefined();
        expect(res.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false);
        expect((await current(t.app, `${HOST_SESSION_COOKIE}=${set.value}`)).statusCode).toBe(200);
        // The same token under the plain name (what a plain-HTTP page or a sibling subdomain could set) is not read.
        expect((await current(t.app, `${SESSION_COOKIE}=${set.value}`)).statusCode).toBe(401);
        // Signing out clears the __Host- cookie, Secure so that browsers accept the clearing.
        const out = await t.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { cookie: `${HOST_SESSION_COOKIE}=${set.value}` },
        });
        const cleared = out.cookies.find((c) => c.name === HOST_SESSION_COOKIE);
        expect(cleared).toMatchObject({ value: '', secure: true, path: '/' });
      } finally {
        await t.close();
      }
    },
  );

  it(
    'over plain HTTP (the default outside production, and e2e): the plain name, not Secure; a __Host- one is not read',
    { timeout: APP_OF_ITS_OWN_MS },
    async () => {
      const t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
      try {
        const res = await register(t.app, 'plain');
        const set = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
        expect(set.secure).toBeFalsy();
        expect(set.path).toBe('/');
        expect((await current(t.app, `${SESSION_COOKIE}=${set.value}`)).statusCode).toBe(200);
        expect((await current(t.app, `${HOST_SESSION_COOKIE}=${set.value}`)).statusCode).toBe(401);
      } finally {
        await t.close();
      }
    },
  );
});
