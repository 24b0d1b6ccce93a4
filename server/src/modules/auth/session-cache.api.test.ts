/**
 * The in-process session cache never outlives what the database says: a sign-out, a profile change or a
 * session deleted by any code path reaches every instance on the same database (triggers + LISTEN/NOTIFY), and
 * the instance that handled a change answers the next request from the database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, sameDatabaseAgain, type TestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';

describe('session cache across instances', () => {
  let t: TestApp;
  let appB: Awaited<ReturnType<typeof buildApp>>;
  let second: Awaited<ReturnType<typeof sameDatabaseAgain>>;

  beforeAll(async () => {
    t = await createTestApp();
    second = await sameDatabaseAgain(t.database);
    appB = await buildApp(t.config, { database: second.database, logger: false });
    await appB.ready();
  });
  afterAll(async () => {
    await appB?.close();
    if (second?.owned) await second.database.close();
    await t.close();
  });

  const current = (app: typeof appB, cookie: string) =>
    app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie } });

  it('a sign-out on one instance ends the session cached on the other', async () => {
    const user = await createTestUser(t.database);
    expect((await current(appB, user.cookie)).statusCode).toBe(200); // now cached on B
    expect((await current(t.app, user.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBeLessThan(400);
    // The instance that signed out answers from the database at once…
    expect((await current(t.app, user.cookie)).statusCode).toBe(401);
    // …and the other hears of it well within the cache's lifetime.
    await expect
      .poll(async () => (await current(appB, user.cookie)).statusCode, { timeout: 2_000, interval: 50 })
      .toBe(401);
  });

  it('the instance handling a sign-out (POST, or GET /api/logout by navigation) never serves the old session, even deaf to notifications', async () => {
    // As if its LISTEN connection had dropped: only the instance's own eviction can help.
    const deafDatabase = { ...second.database, listen: async () => async () => {} };
    const deaf = await buildApp(t.config, { database: deafDatabase, logger: false });
    try {
      for (const signOut of [
        { method: 'POST' as const, headers: {} },
        { method: 'GET' as const, headers: { 'sec-fetch-site': 'same-origin' } },
      ]) {
        const user = await createTestUser(t.database);
        expect((await current(deaf, user.cookie)).statusCode).toBe(200); // cached
        const out = await deaf.inject({
          method: signOut.method,
          url: '/api/logout',
          headers: { cookie: user.cookie, ...signOut.headers },
        });
        expect(out.statusCode).toBeLessThan(400);
        expect((await current(deaf, user.cookie)).statusCode, signOut.method).toBe(401);
      }
    } finally {
      await deaf.close();
    }
  });

  it('keeps the cached session across writes that change no session; an account route evicts it', async () => {
    // Deaf to notifications, so only the instance's own eviction can make it ask the database again.
    const deafDatabase = { ...second.database, listen: async () => async () => {} };
    const deaf = await buildApp(t.config, { database: deafDatabase, logger: false });
    try {
      const user = await createTestUser(t.database);
      expect((await current(deaf, user.cookie)).statusCode).toBe(200); // cached
      await t.database.query(sql`DELETE FROM sessions WHERE user_id = ${user.id}`); // unheard by `deaf`
      const write = await deaf.inject({
        method: 'POST',
        url: '/api/notifications/read-all',
        headers: { cookie: user.cookie },
      });
      expect(write.statusCode).toBeLessThan(400);
      expect((await current(deaf, user.cookie)).statusCode, 'a write that changes no session keeps the cache').toBe(
        200,
      );
      const account = await deaf.inject({
        method: 'POST',
        url: '/api/user/check-username',
        headers: { cookie: user.cookie },
        payload: { username: 'someone_else' },
      });
      expect(account.statusCode).toBeLessThan(400);
      expect((await current(deaf, user.cookie)).statusCode, 'an account route evicts').toBe(401);
    } finally {
      await deaf.close();
    }
  });

  it('a session deleted straight in the database (any code path) and a renamed user reach the cache', async () => {
    const user = await createTestUser(t.database, { displayName: 'Before Rename' });
    expect((await current(appB, user.cookie)).json().displayName).toBe('Before Rename');
    await t.database.query(sql`UPDATE users SET display_name = 'After Rename' WHERE id = ${user.id}`);
    await expect
      .poll(async () => (await current(appB, user.cookie)).json().displayName, { timeout: 2_000, interval: 50 })
      .toBe('After Rename');
    await t.database.query(sql`DELETE FROM sessions WHERE user_id = ${user.id}`);
    await expect
      .poll(async () => (await current(appB, user.cookie)).statusCode, { timeout: 2_000, interval: 50 })
      .toBe(401);
  });
});
