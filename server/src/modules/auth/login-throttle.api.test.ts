/**
 * Failed sign-ins (docs/security.md, "Threat model"): counted before the password hash is computed, whatever the input; limited
 * per (username, address) with growing delays and per address over every username — never per username alone,
 * so a stranger's failures elsewhere never keep the owner out. Recognised browsers: login-lockout.api.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { call, newAccount, sessionCookieOf } from './test-support/auth-helpers';
import { throttleEvents } from '../../db/schema';
import { readLatestResetCode } from '../../mail/test-support/outbox';
import { clearBucketsStartingWith } from './throttle';
import { BUCKETS } from './throttle-buckets';

const TOO_MANY = /^Too many failed sign-in attempts\. Please try again in \d+ (second|minute)s?\.$/;

describe('failed sign-in throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Request limits off: the failed sign-in limits must hold regardless.
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(async () => t.close());

  const login = (username: unknown, password: unknown, ip: string) =>
    call(t.app, 'POST', '/api/user/login', { username, password }, { ip });

  async function registered() {
    const account = newAccount('th');
    const res = await call(t.app, 'POST', '/api/user/register', account);
    expect(res.statusCode).toBe(201);
    return account;
  }

  /** Moves a bucket's events `seconds` into the past, as if that much time had gone by. */
  const age = (bucket: string, seconds: number) =>
    t.database.query(
      sql`UPDATE throttle_events SET created_at = created_at - make_interval(secs => ${seconds}) WHERE bucket = ${bucket}`,
    );

  const eventsIn = async (bucket: string) =>
    (
      await t.database.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM throttle_events WHERE bucket = ${bucket}`,
      )
    )[0]!.n;

  describe('per (username, address): growing delays', () => {
    it('five failures are free; then even the right password waits 1 s, 2 s, 4 s… (429 with Retry-After)', async () => {
      const account = await registered();
      const ip = '10.9.0.1';
      const bucket = BUCKETS.loginPair(account.username, 'ip:10.9.0.1');
      for (let i = 0; i < 5; i++) expect((await login(account.username, 'wrong-password', ip)).statusCode).toBe(401);

      const waiting = await login(account.username.toUpperCase(), account.password, ip);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().message).toBe('Too many failed sign-in attempts. Please try again in 1 second.');
      expect(waiting.headers['retry-after']).toBe('1');
      expect(sessionCookieOf(waiting)).toBeUndefined();
      // A refused attempt does not lengthen the wait.
      expect(await eventsIn(bucket)).toBe(5);

      const delays: string[] = [];
      for (let failures = 5; failures < 9; failures++) {
        await age(bucket, 3600);
        expect((await login(account.username, 'wrong-password', ip)).statusCode).toBe(401);
        const refused = await login(account.username, account.password, ip);
        expect(refused.statusCode).toBe(429);
        delays.push(refused.headers['retry-after'] as string);
      }
      // The wait doubles: 2, 4, 8, 16 s from the failure, less what the (hashing, possibly loaded) attempts took —
      // each more than half its nominal value, so the doubling shows even on a slow machine.
      const nominal = [2, 4, 8, 16];
      delays.forEach((delay, i) => {
        expect(Number(delay)).toBeLessThanOrEqual(nominal[i]!);
        expect(Number(delay)).toBeGreaterThan(nominal[i]! / 2);
      });
    });

    it('the delay stops growing at 15 minutes', async () => {
      const account = await registered();
      const bucket = BUCKETS.loginPair(account.username, 'ip:10.9.0.2');
      await t.database.query(
        sql`INSERT INTO throttle_events (bucket, created_at) SELECT ${bucket}, now() - interval '1 minute' FROM generate_series(1, 30)`,
      );
      const res = await login(account.username, account.password, '10.9.0.2');
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Too many failed sign-in attempts. Please try again in 14 minutes.');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(13 * 60);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(14 * 60);
    });

    it("a stranger's failures from other addresses never keep the owner out, at home or on a new address", async () => {
      const account = await registered();
      // Ten addresses, each until it is made to wait: 50 failures, and the pairs are all waiting.
      for (let a = 0; a < 10; a++) {
        for (let i = 0; i < 5; i++)
          expect((await login(account.username, `guess-${i}`, `10.10.${a}.1`)).statusCode).toBe(401);
        expect((await login(account.username, 'guess-x', `10.10.${a}.1`)).statusCode).toBe(429);
      }
      expect((await login(account.username, account.password, '198.51.100.20')).statusCode).toBe(200);
      expect((await login(account.username, account.password, '198.51.100.21')).statusCode).toBe(200);
    });

    it('a success forgives that pair its failures; the address keeps its count', async () => {
      const account = await registered();
      const ip = '10.6.0.1';
      for (let i = 0; i < 4; i++) await login(account.username, 'wrong-password', ip);
      expect((await login(account.username, account.password, ip)).statusCode).toBe(200);
      expect(await eventsIn(BUCKETS.loginPair(account.username, `ip:${ip}`))).toBe(0);
      // The success itself is not counted as a failure of the address.
      expect(await eventsIn(BUCKETS.loginAddress(`ip:${ip}`))).toBe(4);
      for (let i = 0; i < 4; i++) expect((await login(account.username, 'wrong', ip)).statusCode).toBe(401);
      expect((await login(account.username, account.password, ip)).statusCode).toBe(200);
    });
  });

  describe('per address, over every username', () => {
    it('10 failures on different usernames (known or not) block that address, not others', async () => {
      const account = await registered();
      const ip = '203.0.113.9';
      for (let i = 0; i < 10; i++) expect((await login(`guess_${i}`, 'password1', ip)).statusCode).toBe(401);
      const blocked = await login(account.username, account.password, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(TOO_MANY);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect((await login(account.username, account.password, '203.0.113.10')).statusCode).toBe(200);
    });

    it('the retry time follows the oldest counted failure', async () => {
      const account = await registered();
      await t.database.query(
        sql`INSERT INTO throttle_events (bucket, created_at)
            SELECT ${BUCKETS.loginAddress('ip:10.7.0.1')}, now() - interval '12 minutes' FROM generate_series(1, 10)`,
      );
      const res = await login(account.username, account.password, '10.7.0.1');
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Too many failed sign-in attempts. Please try again in 3 minutes.');
      await age(BUCKETS.loginAddress('ip:10.7.0.1'), 4 * 60);
      expect((await login(account.username, account.password, '10.7.0.1')).statusCode).toBe(200);
    });

    it('IPv6 addresses count by their /64', async () => {
      const account = await registered();
      for (let i = 1; i <= 10; i++) {
        expect((await login(`v6_guess_${i}`, 'password1', `2001:db8:77:1::${i.toString(16)}`)).statusCode).toBe(401);
      }
      expect((await login(account.username, account.password, '2001:db8:77:1:ffff:1:2:3')).statusCode).toBe(429);
      expect((await login(account.username, account.password, '2001:db8:77:2::1')).statusCode).toBe(200);
      expect(await eventsIn(BUCKETS.loginAddress('ip6:2001:db8:77:1::/64'))).toBe(10);
    });
  });

  describe('counted before any expensive work, whatever the input', () => {
    it('parallel guesses see each other: no more than the limit are let through to the password check', async () => {
      const ip = '10.11.0.1';
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`parallel_${i}`, 'password1', ip)));
      const statuses = answers.map((r) => r.statusCode);
      // Some reach the password check (a throttle refusing everything would pass the bound alone), never more than 10.
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      for (const refused of answers.filter((r) => r.statusCode === 429))
        expect(refused.headers['retry-after']).toBeDefined();
    });

    it('malformed bodies (over-long name, missing or over-long password, wrong types) count for the address: 400, then 429', async () => {
      const account = await registered();
      const ip = '10.12.0.1';
      const bodies: Array<[unknown, unknown]> = [
        ['x'.repeat(21), 'password1'],
        ['y'.repeat(5000), 'password1'],
        [account.username, ''],
        [account.username, 'p'.repeat(10_000)],
        [42, 'password1'],
        [account.username, undefined],
        ['', 'password1'],
        [null, null],
        ['z'.repeat(300), 'p'.repeat(300)],
        [['array'], 'password1'],
      ];
      for (const [username, password] of bodies) {
        const res = await login(username, password, ip);
        expect(res.statusCode).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
      const blocked = await login(account.username, account.password, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      // Still malformed, now refused by the limit first.
      expect((await login('x'.repeat(21), 'password1', ip)).statusCode).toBe(429);
      expect((await login(account.username, account.password, '10.12.0.2')).statusCode).toBe(200);
    });

    it('failures are kept in the database (shared by every app instance), unknown usernames included', async () => {
      await login('nobody_here', 'wrong-password', '10.5.0.1');
      const rows = await t.database.query<{ bucket: string }>(
        sql`SELECT bucket FROM throttle_events WHERE bucket LIKE ${'%10.5.0.1'} ORDER BY bucket`,
      );
      expect(rows.map((r) => r.bucket)).toEqual([
        BUCKETS.loginAddress('ip:10.5.0.1'),
        BUCKETS.loginPair('nobody_here', 'ip:10.5.0.1'),
      ]);
    });
  });

  describe('a password reset', () => {
    async function resetPassword(account: { username: string; email: string }, newPassword: string, ip: string) {
      expect(
        (await call(t.app, 'POST', '/api/user/forgot-password', { username: account.username }, { ip })).statusCode,
      ).toBe(200);
      const token = await readLatestResetCode(t.dataDir, account.email);
      const res = await call(
        t.app,
        'POST',
        '/api/user/reset-password',
        { username: account.username, token, newPassword },
        { ip },
      );
      expect(res.statusCode).toBe(200);
    }

    it('clears the failed sign-ins of that username: the owner signs in at once with the new password', async () => {
      const account = await registered();
      const ip = '10.13.0.1';
      for (let i = 0; i < 6; i++) await login(account.username, `wrong-${i}`, ip);
      const waiting = await login(account.username, account.password, ip);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().message).toMatch(TOO_MANY);
      expect(await eventsIn(BUCKETS.loginPair(account.username, `ip:${ip}`))).toBeGreaterThan(0);

      await resetPassword(account, 'brand-new-pass', '10.13.0.2');
      expect(await eventsIn(BUCKETS.loginPair(account.username, `ip:${ip}`))).toBe(0);
      const res = await login(account.username, 'brand-new-pass', ip);
      expect(res.statusCode).toBe(200);
      expect(sessionCookieOf(res)).toBeDefined();
    });

    it("of a username with `_` keeps other usernames' failures (`_` is not a LIKE wildcard in the bucket keys)", async () => {
      const base = newAccount('lk');
      const owner = { ...base, username: `ab_${base.username}`.slice(0, 20) };
      expect((await call(t.app, 'POST', '/api/user/register', owner)).statusCode).toBe(201);
      // The same name with a letter where the owner's has `_`: what an unescaped LIKE 'ab_…' would also match.
      const lookalike = owner.username.replace('_', 'x');
      const ip = '10.14.0.1';
      for (let i = 0; i < 3; i++) {
        await login(owner.username, `wrong-${i}`, ip);
        await login(lookalike, `wrong-${i}`, ip);
      }
      await resetPassword(owner, 'brand-new-pass', '10.14.0.2');
      expect(await eventsIn(BUCKETS.loginPair(owner.username, `ip:${ip}`))).toBe(0);
      expect(await eventsIn(BUCKETS.loginPair(lookalike, `ip:${ip}`))).toBe(3);
    });

    it('clears buckets by a literal prefix: `%` and `_` in it match only themselves', async () => {
      const ip = 'ip:10.15.0.1';
      const typed = ['p%q', 'pzzq', 'p_q', 'pxq'];
      await t.database.db.insert(throttleEvents).values(typed.map((name) => ({ bucket: BUCKETS.loginPair(name, ip) })));
      await clearBucketsStartingWith(t.database.db, BUCKETS.loginOfUsername('p%q')[0]!);
      await clearBucketsStartingWith(t.database.db, BUCKETS.loginOfUsername('p_q')[0]!);
      for (const [name, left] of [
        ['p%q', 0],
        ['pzzq', 1],
        ['p_q', 0],
        ['pxq', 1],
      ] as const) {
        expect({ name, left: await eventsIn(BUCKETS.loginPair(name, ip)) }).toEqual({ name, left });
      }
    });
  });
});
