// The accounts API: registration, the session cookie, login and the current user (the rest: accounts-setup.api.test.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { call, expectNoSecrets, newAccount, sessionCookieOf } from './test-support/auth-helpers';
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from './session-store';

// Pass-through spy on argon2 verification (the real function still runs).
const argon2Verify = vi.hoisted(() => vi.fn());
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  argon2Verify.mockImplementation(original.verify);
  return { ...original, verify: argon2Verify };
});

describe('accounts API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const register = (body: unknown, ip?: string) => call(t.app, 'POST', '/api/user/register', body, { ip });

  describe('POST /api/user/register', () => {
    it('creates the user, answers 201 with the public user and signs in', async () => {
      const account = newAccount('reg');
      const res = await register(account);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(String),
        username: account.username,
        displayName: account.displayName,
        email: account.email,
        bio: null,
        favoriteStoryType: null,
        avatar: null,
        isSetupComplete: false,
        language: 'en',
        role: 'user',
      });
      expectNoSecrets(res);
      const cookie = sessionCookieOf(res);
      expect(cookie).toBeDefined();
      const current = await call(t.app, 'GET', '/api/user/current', undefined, { cookie });
      expect(current.statusCode).toBe(200);
      expect(current.json().username).toBe(account.username);
    });

    it('stores an argon2id hash with the OWASP parameters, never the password', async () => {
      const account = newAccount('hash');
      await register(account);
      const [row] = await t.database.query<{ password_hash: string }>(
        sql`SELECT password_hash FROM users WHERE username = ${account.username}`,
      );
      expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.password_hash).not.toContain(account.password);
    });

    it.each([
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: 'a'.repeat(21) }, 'Username must be less than 20 characters'],
      [{ username: 'bad name!' }, 'Username can only contain letters, numbers, and underscores'],
      [{ username: undefined }, 'Username is required'],
      [{ displayName: 'A' }, 'Display name must be at least 2 characters'],
      [{ displayName: 'A'.repeat(51) }, 'Display name must be less than 50 characters'],
      [{ email: 'not-an-email' }, 'Valid email is required'],
      [{ email: undefined }, 'Valid email is required'],
      [{ password: '12345' }, 'Password must be at least 6 characters'],
      [{ password: undefined }, 'Password is required'],
    ])('refuses %o with 400 "%s"', async (override, message) => {
      const res = await register({ ...newAccount('bad'), ...override });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(sessionCookieOf(res)).toBeUndefined();
    });

    it('refuses a missing or non-JSON body with 400, never 500', async () => {
      expect((await call(t.app, 'POST', '/api/user/register')).statusCode).toBe(400);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: { 'content-type': 'application/json' },
        payload: '"just a string"',
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    });

    it('refuses a duplicate username regardless of case with 409', async () => {
      const account = newAccount('dup');
      expect((await register(account)).statusCode).toBe(201);
      const res = await register({ ...newAccount('dup'), username: account.username.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'That username is already taken.' });
    });

    it('refuses a duplicate email regardless of case with 409', async () => {
      const account = newAccount('mail');
      expect((await register(account)).statusCode).toBe(201);
      const res = await register({ ...newAccount('mail'), email: account.email.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'An account with that email already exists.' });
    });

    it('two simultaneous registrations of one username: one 201, one 409, never a 500', async () => {
      const account = newAccount('race');
      const results = await Promise.all([
        register(account),
        register({ ...newAccount('race'), username: account.username }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });
  });

  describe('session cookie', () => {
    it('is HttpOnly, SameSite=Lax, path /, not Secure over plain HTTP, and lasts at most 90 days', async () => {
      const res = await register(newAccount('ck'));
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.path).toBe('/');
      expect(cookie.secure).toBeFalsy();
      expect(cookie.maxAge).toBe(90 * 24 * 3600);
      // An opaque random token, not something derived from the user.
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('only the token hash is stored in the sessions table', async () => {
      const res = await register(newAccount('tok'));
      const token = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      const rows = await t.database.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM sessions WHERE token_hash = ${token}`,
      );
      expect(rows[0]!.n).toBe(0);
    });

    it('is Secure when COOKIE_SECURE is set (production behind HTTPS)', async () => {
      const secure = await createTestApp({ COOKIE_SECURE: 'true' });
      try {
        const res = await call(secure.app, 'POST', '/api/user/register', newAccount('sec'));
        expect(res.statusCode).toBe(201);
        expect(res.cookies.find((c) => c.name === HOST_SESSION_COOKIE)!.secure).toBe(true);
      } finally {
        await secure.close();
      }
    });

    it('is Secure when a trusted proxy says the request came over HTTPS', async () => {
      const proxied = await createTestApp({ TRUST_PROXY: '1' });
      try {
        const https = await call(proxied.app, 'POST', '/api/user/register', newAccount('px'), {
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(https.cookies.find((c) => c.name === SESSION_COOKIE)!.secure).toBe(true);
        const http = await call(proxied.app, 'POST', '/api/user/register', newAccount('px'), {
          headers: { 'x-forwarded-proto': 'http' },
        });
        expect(http.cookies.find((c) => c.name === SESSION_COOKIE)!.secure).toBeFalsy();
      } finally {
        await proxied.close();
      }
    });
  });

  describe('POST /api/user/login', () => {
    const login = (body: unknown, options: { cookie?: string; ip?: string } = {}) =>
      call(t.app, 'POST', '/api/user/login', body, options);

    it('signs in with the right password (username case-insensitive) and gives a new session each time', async () => {
      const account = newAccount('lg');
      const registered = await register(account);
      const first = sessionCookieOf(registered)!;

      const res = await login(
        { username: account.username.toUpperCase(), password: account.password },
        { cookie: first },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().username).toBe(account.username);
      expectNoSecrets(res);
      const second = sessionCookieOf(res)!;
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      // The session the browser had before signing in is ended (no session fixation).
      expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie: first })).statusCode).toBe(401);
      expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie: second })).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown user identically with 401', async () => {
      const account = newAccount('wp');
      await register(account);
      const wrong = await login({ username: account.username, password: 'wrong-password' }, { ip: '10.1.0.1' });
      const unknown = await login({ username: 'nobody_here_x', password: 'wrong-password' }, { ip: '10.1.0.1' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid username or password' });
        expect(sessionCookieOf(res)).toBeUndefined();
      }
    });

    it('spends one argon2 verification on an unknown user too, so both answers take similar time', async () => {
      const account = newAccount('tm');
      await register(account);
      // Wall-clock comparisons are flaky on a busy machine; what makes the times similar is the same work.
      await login({ username: 'warm_up_user', password: 'wrong-password' }, { ip: '10.2.0.99' }); // builds the dummy hash
      argon2Verify.mockClear();
      await login({ username: account.username, password: 'wrong-password' }, { ip: '10.2.0.1' });
      expect(argon2Verify).toHaveBeenCalledTimes(1);
      argon2Verify.mockClear();
      await login({ username: 'ghost_user_1', password: 'wrong-password' }, { ip: '10.2.0.2' });
      expect(argon2Verify).toHaveBeenCalledTimes(1);
      // ...against a real argon2id hash with the same parameters as real accounts.
      expect(argon2Verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it.each([
      [{ password: 'x' }, 'Username is required'],
      [{ username: '   ', password: 'x' }, 'Username is required'],
      [{ username: 'someone' }, 'Password is required'],
      [{ username: 'someone', password: '' }, 'Password is required'],
    ])('refuses %o with 400 "%s"', async (body, message) => {
      const res = await login(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });
  });

  describe('GET /api/user/current', () => {
    it('is 401 without a session, with an unknown token and after logout', async () => {
      expect((await call(t.app, 'GET', '/api/user/current')).statusCode).toBe(401);
      const bogus = await call(t.app, 'GET', '/api/user/current', undefined, { cookie: `${SESSION_COOKIE}=nope` });
      expect(bogus.statusCode).toBe(401);
      expect(typeof bogus.json().message).toBe('string');
    });

    it('answers exactly the public user fields and is never cached', async () => {
      const res = await register(newAccount('cur'));
      const current = await call(t.app, 'GET', '/api/user/current', undefined, { cookie: sessionCookieOf(res) });
      expect(Object.keys(current.json()).sort()).toEqual(
        [
          'avatar',
          'bio',
          'displayName',
          'email',
          'favoriteStoryType',
          'id',
          'isSetupComplete',
          'language',
          'role',
          'username',
        ].sort(),
      );
      expect(current.headers['cache-control']).toBe('private, no-store');
      expectNoSecrets(current);
    });

    it('ends a session idle for more than 30 days', async () => {
      const res = await register(newAccount('idle'));
      const cookie = sessionCookieOf(res)!;
      const userId = res.json().id as string;
      await t.database.query(
        sql`UPDATE sessions SET last_seen_at = now() - interval '31 days' WHERE user_id = ${userId}`,
      );
      expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie })).statusCode).toBe(401);
    });
  });
});
