/**
 * ADMIN_USERNAMES (docs/moderation.md, docs/moderation.md "The first admin"): the way a first admin is made while the server
 * holds the embedded database. Named accounts become admins at sign-up and at start-up, with an audit line; others
 * stay users. The current-user answer carries the role, read fresh (not from the session cache).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, sameDatabaseAgain, type TestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';
import { call, newAccount, sessionCookieOf } from '../auth/test-support/auth-helpers';

describe('ADMIN_USERNAMES', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', ADMIN_USERNAMES: 'Boss_One, boss_two' });
  });
  afterAll(async () => t?.close());

  const roleLines = (userId: string) =>
    t.database.query<{ actor_id: string | null; detail: string }>(sql`
      SELECT actor_id, detail FROM moderation_audit_log WHERE event = 'role' AND subject_user_id = ${userId} ORDER BY id`);

  it('makes a named account an admin when it signs up (any case), from its first answer on', async () => {
    const res = await call(t.app, 'POST', '/api/user/register', { ...newAccount('b'), username: 'BOSS_one' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'BOSS_one', role: 'admin' });
    const cookie = sessionCookieOf(res)!;

    const current = await call(t.app, 'GET', '/api/user/current', undefined, { cookie });
    expect(current.json()).toMatchObject({ role: 'admin' });
    expect((await call(t.app, 'GET', '/api/moderation/queue', undefined, { cookie })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/moderation/audit', undefined, { cookie })).statusCode).toBe(200);
    expect(await roleLines(res.json().id)).toEqual([{ actor_id: null, detail: 'user → admin (ADMIN_USERNAMES)' }]);
  });

  it('leaves every other account a user, refused by the moderation calls', async () => {
    const res = await call(t.app, 'POST', '/api/user/register', newAccount('plain'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'user' });
    const cookie = sessionCookieOf(res)!;
    const queue = await call(t.app, 'GET', '/api/moderation/queue', undefined, { cookie });
    expect(queue.statusCode).toBe(403);
    expect(queue.json().message).toBe('Only moderators can do this.');
    expect(await roleLines(res.json().id)).toEqual([]);
  });

  it('makes named accounts that already exist admins at start-up, once', async () => {
    const existing = await createTestUser(t.database, { username: 'Boss_Two' });
    const bystander = await createTestUser(t.database, { username: 'boss_three' });
    expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie: existing.cookie })).json().role).toBe(
      'user',
    );

    // A second instance of the server starting on the same database (as after a restart).
    for (let start = 0; start < 2; start++) {
      const again = await sameDatabaseAgain(t.database);
      const app = await buildApp(t.config, { database: again.database, logger: false });
      await app.ready();
      await app.close();
      if (again.owned) await again.database.close();
    }

    expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie: existing.cookie })).json().role).toBe(
      'admin',
    );
    expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie: bystander.cookie })).json().role).toBe(
      'user',
    );
    // Two start-ups, one promotion.
    expect(await roleLines(existing.id)).toEqual([{ actor_id: null, detail: 'user → admin (ADMIN_USERNAMES)' }]);
  });

  it("shows a role changed in the app on the changed user's next current-user answer, whatever the session cache holds", async () => {
    const admin = await call(t.app, 'POST', '/api/user/login', { username: 'boss_one', password: 'secret123' });
    expect(admin.statusCode).toBe(200);
    const person = await createTestUser(t.database);
    // Read once, so the session cache holds the user as a user.
    expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie: person.cookie })).json().role).toBe(
      'user',
    );

    const grant = await call(
      t.app,
      'POST',
      '/api/admin/roles',
      { username: person.username, role: 'moderator' },
      { cookie: sessionCookieOf(admin)! },
    );
    expect(grant.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie: person.cookie })).json().role).toBe(
      'moderator',
    );
  });
});
