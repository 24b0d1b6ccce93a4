// The accounts API: profile setup, username check, logout, cross-site requests and the registration rate limit.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { call, expectNoSecrets, newAccount, sessionCookieOf } from './test-support/auth-helpers';
import { DEFAULT_AUTH_LIMITS } from './limits';
import { BUCKETS } from './throttle-buckets';
import { SESSION_COOKIE } from './session-store';

describe('accounts API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const register = (body: unknown, ip?: string) => call(t.app, 'POST', '/api/user/register', body, { ip });

  describe('POST /api/user/setup', () => {
    it('is 401 when signed out', async () => {
      const res = await call(t.app, 'POST', '/api/user/setup', { username: 'abc', displayName: 'Abc' });
      expect(res.statusCode).toBe(401);
    });

    it('updates the profile and completes setup; also works again as the edit mode', async () => {
      const reg = await register(newAccount('su'));
      const cookie = sessionCookieOf(reg)!;
      const username = `ren${Date.now().toString(36).slice(-6)}`;
      const res = await call(
        t.app,
        'POST',
        '/api/user/setup',
        { username, displayName: '  Ada Lovelace ', bio: 'I write about ghosts.', favoriteStoryType: 'audio' },
        { cookie },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: reg.json().id,
        username,
        displayName: 'Ada Lovelace',
        bio: 'I write about ghosts.',
        favoriteStoryType: 'audio',
        isSetupComplete: true,
      });
      expectNoSecrets(res);

      const edit = await call(
        t.app,
        'POST',
        '/api/user/setup',
        { username: username.toUpperCase(), displayName: 'Ada', bio: '', favoriteStoryType: '' },
        { cookie },
      );
      expect(edit.statusCode).toBe(200);
      expect(edit.json()).toMatchObject({
        username: username.toUpperCase(),
        bio: null,
        favoriteStoryType: null,
        isSetupComplete: true,
      });
      const current = await call(t.app, 'GET', '/api/user/current', undefined, { cookie });
      expect(current.json().displayName).toBe('Ada');
    });

    it.each([
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: 'x'.repeat(21) }, 'Username must be less than 20 characters'],
      [{ username: 'no-dashes' }, 'Username can only contain letters, numbers, and underscores'],
      [{ displayName: 'Z' }, 'Display name must be at least 2 characters'],
      [{ displayName: 'Z'.repeat(51) }, 'Display name must be less than 50 characters'],
      [{ bio: 'b'.repeat(151) }, 'Bio must be less than 150 characters'],
    ])('refuses %o with 400 "%s"', async (override, message) => {
      const reg = await register(newAccount('sv'));
      const res = await call(
        t.app,
        'POST',
        '/api/user/setup',
        { username: reg.json().username, displayName: 'Valid Name', bio: '', ...override },
        { cookie: sessionCookieOf(reg) },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it('takes any of the five story types as the favourite, and refuses anything else', async () => {
      const reg = await register(newAccount('ft'));
      const setup = (favoriteStoryType: string) =>
        call(
          t.app,
          'POST',
          '/api/user/setup',
          { username: reg.json().username, displayName: 'Valid Name', favoriteStoryType },
          { cookie: sessionCookieOf(reg) },
        );
      expect((await setup('podcast')).statusCode).toBe(400);
      const res = await setup('tiktok');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ favoriteStoryType: 'tiktok' });
    });

    it('refuses a username taken by someone else (any case) with 409', async () => {
      const other = newAccount('oth');
      await register(other);
      const reg = await register(newAccount('me'));
      const res = await call(
        t.app,
        'POST',
        '/api/user/setup',
        { username: other.username.toUpperCase(), displayName: 'Me Myself' },
        { cookie: sessionCookieOf(reg) },
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'That username is already taken.' });
    });
  });

  describe('POST /api/user/check-username', () => {
    it('tells whether a username exists, ignoring case', async () => {
      const account = newAccount('chk');
      await register(account);
      const yes = await call(t.app, 'POST', '/api/user/check-username', { username: account.username.toUpperCase() });
      expect(yes.statusCode).toBe(200);
      expect(yes.json()).toEqual({ exists: true });
      const no = await call(t.app, 'POST', '/api/user/check-username', { username: 'surely_not_here' });
      expect(no.json()).toEqual({ exists: false });
      const blank = await call(t.app, 'POST', '/api/user/check-username', { username: ' ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ message: 'Username is required' });
    });
  });

  describe('logout', () => {
    it('POST /api/logout deletes the session and clears the cookie', async () => {
      const reg = await register(newAccount('lo'));
      const cookie = sessionCookieOf(reg)!;
      const res = await call(t.app, 'POST', '/api/logout', undefined, { cookie });
      expect(res.statusCode).toBe(200);
      const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(cleared.value).toBe('');
      expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie })).statusCode).toBe(401);
      const rows = await t.database.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${reg.json().id}`,
      );
      expect(rows[0]!.n).toBe(0);
    });

    it('GET /api/logout deletes the session and redirects to /auth', async () => {
      const reg = await register(newAccount('lg2'));
      const cookie = sessionCookieOf(reg)!;
      const res = await call(t.app, 'GET', '/api/logout', undefined, { cookie });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth');
      expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie })).statusCode).toBe(401);
    });

    it('POST /api/logout without a session still answers 200', async () => {
      expect((await call(t.app, 'POST', '/api/logout')).statusCode).toBe(200);
    });
  });

  describe('cross-site requests', () => {
    it.each(['/api/user/register', '/api/user/login', '/api/user/setup', '/api/user/forgot-password', '/api/logout'])(
      'POST %s with another site in Origin is refused with 403',
      async (url) => {
        const res = await call(t.app, 'POST', url, newAccount('xs'), {
          headers: { origin: 'https://evil.example', host: 'localhost:5000' },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'Cross-site request refused' });
      },
    );

    it('the same origin is accepted', async () => {
      const res = await call(t.app, 'POST', '/api/user/register', newAccount('so'), {
        headers: { origin: 'http://localhost:5000', host: 'localhost:5000' },
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('registration rate limit', () => {
    it('refuses one registration more than the hourly limit per IP with 429 and Retry-After', async () => {
      const ip = '198.51.100.7';
      const { limit } = DEFAULT_AUTH_LIMITS.registrationsPerAddress;
      // The limit's worth of registrations already counted in the last hour for this IP.
      await t.database.query(
        sql`INSERT INTO throttle_events (bucket, created_at)
            SELECT ${BUCKETS.register(`ip:${ip}`)}, now() - interval '10 minutes' FROM generate_series(1, ${limit})`,
      );
      const res = await register(newAccount('rl'), ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many requests\. Please try again in 50 minutes\.$/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(49 * 60);
      // Another address is not affected.
      expect((await register(newAccount('rl'), '198.51.100.8')).statusCode).toBe(201);
    });
  });
});
