import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { call, newAccount, sessionCookieOf } from './test-support/auth-helpers';

describe('failed sign-in throttling (10 per username and per IP in 15 minutes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Request limits off: the failed sign-in limit must hold regardless.
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(async () => t.close());

  const login = (username: string, password: string, ip: string) =>
    call(t.app, 'POST', '/api/user/login', { username, password }, { ip });

  async function registered() {
    const account = newAccount('th');
    const res = await call(t.app, 'POST', '/api/user/register', account);
    expect(res.statusCode).toBe(201);
    return account;
  }

  it('per username: the 11th attempt gets 429 with Retry-After, even with the right password, from any IP', async () => {
    const account = await registered();
    for (let i = 0; i < 10; i++) {
      const res = await login(account.username, 'wrong-password', `10.9.${i}.1`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(account.username.toUpperCase(), account.password, '10.9.99.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookieOf(blocked)).toBeUndefined();
  });

  it('lets the user in again once the failures are older than 15 minutes', async () => {
    const account = await registered();
    for (let i = 0; i < 10; i++) await login(account.username, 'wrong-password', `10.8.${i}.1`);
    expect((await login(account.username, account.password, '10.8.50.1')).statusCode).toBe(429);
    // Age the oldest five failures past the window: five slots free up.
    await t.database.query(sql`
      UPDATE throttle_events SET created_at = now() - interval '16 minutes'
      WHERE id IN (SELECT id FROM throttle_events WHERE bucket = ${`login-user:${account.username.toLowerCase()}`}
                   ORDER BY created_at LIMIT 5)`);
    const res = await login(account.username, account.password, '10.8.50.1');
    expect(res.statusCode).toBe(200);
  });

  it('the retry time follows the oldest counted failure', async () => {
    const account = await registered();
    const bucket = `login-user:${account.username.toLowerCase()}`;
    await t.database.query(
      sql`INSERT INTO throttle_events (bucket, created_at)
          SELECT ${bucket}, now() - interval '12 minutes' FROM generate_series(1, 10)`,
    );
    const res = await login(account.username, account.password, '10.7.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many failed sign-in attempts. Please try again in 3 minutes.');
  });

  it('a successful sign-in forgives that username its earlier failures', async () => {
    const account = await registered();
    for (let i = 0; i < 9; i++) await login(account.username, 'wrong-password', `10.6.${i}.1`);
    expect((await login(account.username, account.password, '10.6.20.1')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(account.username, 'wrong', `10.6.${30 + i}.1`)).statusCode).toBe(401);
    expect((await login(account.username, account.password, '10.6.50.1')).statusCode).toBe(200);
  });

  it('per IP: 10 failures on different usernames block that IP, not others', async () => {
    const account = await registered();
    const ip = '203.0.113.9';
    for (let i = 0; i < 10; i++) {
      expect((await login(`guess_${i}`, 'password1', ip)).statusCode).toBe(401);
    }
    const blocked = await login(account.username, account.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(account.username, account.password, '203.0.113.10')).statusCode).toBe(200);
  });

  it('failures are kept in the database (shared by every app instance)', async () => {
    const account = await registered();
    await login(account.username, 'wrong-password', '10.5.0.1');
    const rows = await t.database.query<{ bucket: string }>(
      sql`SELECT bucket FROM throttle_events WHERE bucket IN (${`login-user:${account.username.toLowerCase()}`}, 'login-ip:10.5.0.1')`,
    );
    expect(rows.map((r) => r.bucket).sort()).toEqual(['login-ip:10.5.0.1', `login-user:${account.username.toLowerCase()}`]);
  });
});
