import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { readLatestResetCode, readOutbox } from '../../mail/test-support/outbox';
import { outboxDir } from '../../mail/mailer';
import { call, expectNoSecrets, newAccount, sessionCookieOf } from './test-support/auth-helpers';
import { hashResetCode } from './reset-codes';
import { BUCKETS } from './throttle-buckets';

describe('password reset by mailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const forgot = (username: string, ip?: string) =>
    call(t.app, 'POST', '/api/user/forgot-password', { username }, { ip });
  const reset = (body: unknown, options: { ip?: string; cookie?: string } = {}) =>
    call(t.app, 'POST', '/api/user/reset-password', body, options);
  const login = (username: string, password: string) =>
    call(t.app, 'POST', '/api/user/login', { username, password }, { ip: '10.30.0.1' });
  const current = (cookie: string | undefined) => call(t.app, 'GET', '/api/user/current', undefined, { cookie });

  async function registered() {
    const account = newAccount('rs');
    const res = await call(t.app, 'POST', '/api/user/register', account);
    expect(res.statusCode).toBe(201);
    return { ...account, id: res.json().id as string, cookie: sessionCookieOf(res)! };
  }

  async function mailedCode(email: string) {
    const code = await readLatestResetCode(t.dataDir, email);
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    return code!;
  }

  it('unknown username: 404 "No account found with that username." and no mail', async () => {
    const before = (await readOutbox(t.dataDir)).length;
    const res = await forgot('no_such_user_zz');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No account found with that username.' });
    expect((await readOutbox(t.dataDir)).length).toBe(before);
  });

  it('blank username: 400 "Username is required"', async () => {
    const res = await forgot('  ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Username is required' });
  });

  it('end to end: mail in the outbox, code works once, old sessions ended, new session, new password works', async () => {
    const user = await registered();
    const otherDevice = sessionCookieOf(await login(user.username, user.password))!;

    const res = await forgot(user.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().message).toBe('string');
    expectNoSecrets(res);

    const mails = await readOutbox(t.dataDir);
    const mail = mails.at(-1)!;
    expect(mail.to).toContain(user.email);
    expect(mail.file.startsWith(outboxDir(t.dataDir))).toBe(true);
    expect(mail.body).toMatch(/^Reset code: [A-Z2-9]{10}$/m);
    const code = await mailedCode(user.email);

    // Only the code's hash is stored.
    const rows = await t.database.query<{ token: string }>(
      sql`SELECT token FROM password_resets WHERE user_id = ${user.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token).toBe(hashResetCode(code));
    expect(rows[0]!.token).not.toContain(code);

    // Lower case and spaces are forgiven.
    const done = await reset({
      username: user.username,
      token: ` ${code.slice(0, 5).toLowerCase()} ${code.slice(5)} `,
      newPassword: 'brand-new-pass',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id, username: user.username });
    expectNoSecrets(done);
    const fresh = sessionCookieOf(done)!;
    expect(fresh).toBeDefined();
    expect([user.cookie, otherDevice]).not.toContain(fresh);

    expect((await current(user.cookie)).statusCode).toBe(401);
    expect((await current(otherDevice)).statusCode).toBe(401);
    expect((await current(fresh)).statusCode).toBe(200);

    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, 'brand-new-pass')).statusCode).toBe(200);

    // The same code a second time.
    const again = await reset({ username: user.username, token: code, newPassword: 'another-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'This reset code has already been used. Please request a new one.' });
    expect((await login(user.username, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('a code older than 15 minutes is refused', async () => {
    const user = await registered();
    await forgot(user.username);
    const code = await mailedCode(user.email);
    const [row] = await t.database.query<{ expires_at: string; created_at: string }>(
      sql`SELECT expires_at::text, created_at::text FROM password_resets WHERE user_id = ${user.id}`,
    );
    // Issued with a 15-minute life.
    expect(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()).toBe(15 * 60 * 1000);
    await t.database.query(
      sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    const res = await reset({ username: user.username, token: code, newPassword: 'newpass1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This reset code has expired. Please request a new one.' });
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('five wrong codes spend the reset: even the right code fails afterwards', async () => {
    const user = await registered();
    await forgot(user.username);
    const code = await mailedCode(user.email);
    for (let i = 1; i <= 4; i++) {
      const res = await reset({ username: user.username, token: 'WRONGCODE2', newPassword: 'newpass1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid reset code. Please check the code in your email.' });
    }
    const fifth = await reset({ username: user.username, token: 'WRONGCODE2', newPassword: 'newpass1' });
    expect(fifth.json()).toEqual({ message: 'Too many wrong codes. Please request a new reset code.' });
    const right = await reset({ username: user.username, token: code, newPassword: 'newpass1' });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: 'Too many wrong codes. Please request a new reset code.' });
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expect((await current(user.cookie)).statusCode).toBe(200);

    // A new request gives a new code that works.
    await forgot(user.username);
    const next = await mailedCode(user.email);
    expect(next).not.toBe(code);
    expect((await reset({ username: user.username, token: next, newPassword: 'newpass1' })).statusCode).toBe(200);
  });

  it('a newer request replaces the earlier code', async () => {
    const user = await registered();
    await forgot(user.username);
    const first = await mailedCode(user.email);
    await forgot(user.username);
    const second = await mailedCode(user.email);
    expect(second).not.toBe(first);
    const old = await reset({ username: user.username, token: first, newPassword: 'newpass1' });
    expect(old.statusCode).toBe(400);
    expect((await reset({ username: user.username, token: second, newPassword: 'newpass1' })).statusCode).toBe(200);
  });

  it('the code of one account does not reset another', async () => {
    const alice = await registered();
    const bob = await registered();
    await forgot(alice.username);
    await forgot(bob.username);
    const aliceCode = await mailedCode(alice.email);
    const res = await reset({ username: bob.username, token: aliceCode, newPassword: 'newpass1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid reset code. Please check the code in your email.' });
  });

  it.each([
    [{ token: 'ABCDEFGHJK', newPassword: 'newpass1' }, 'Username is required'],
    [{ username: 'someone', newPassword: 'newpass1' }, 'Reset token is required'],
    [{ username: 'someone', token: '  ', newPassword: 'newpass1' }, 'Reset token is required'],
    [{ username: 'someone', token: 'ABCDEFGHJK', newPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'someone', token: 'ABCDEFGHJK' }, 'Password is required'],
  ])('refuses %o with 400 "%s"', async (body, message) => {
    const res = await reset(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('a too-short new password does not spend the code', async () => {
    const user = await registered();
    await forgot(user.username);
    const code = await mailedCode(user.email);
    expect((await reset({ username: user.username, token: code, newPassword: '123' })).statusCode).toBe(400);
    expect((await reset({ username: user.username, token: code, newPassword: 'longenough' })).statusCode).toBe(200);
  });

  it('without any requested code or for an unknown user: 400', async () => {
    const user = await registered();
    const res = await reset({ username: user.username, token: 'ABCDEFGHJK', newPassword: 'newpass1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'No reset code was requested for this account. Please request one first.' });
    const unknown = await reset({ username: 'ghost_user_q', token: 'ABCDEFGHJK', newPassword: 'newpass1' });
    expect(unknown.statusCode).toBe(400);
  });

  describe('reset mail quota (5 per username, 30 per address, in 15 minutes)', () => {
    const RESET_MAIL_REFUSED =
      /^Too many reset codes asked for this username\. The newest code already mailed still works; ask for a new one in \d+ minutes?\.$/;

    it("a third party who uses up the username's quota sends no more mail, and the code mailed last stays valid", async () => {
      const user = await registered();
      for (let i = 0; i < 5; i++) expect((await forgot(user.username, `10.40.0.${i}`)).statusCode).toBe(200);
      const lastMailed = await mailedCode(user.email);
      const mailsBefore = (await readOutbox(t.dataDir)).length;

      // The stranger (and then the owner, from anywhere) is refused: 429 with Retry-After, no mail, no new code.
      for (const ip of ['10.40.0.99', '10.40.1.1']) {
        const refused = await forgot(user.username, ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toMatch(RESET_MAIL_REFUSED);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      }
      expect((await readOutbox(t.dataDir)).length).toBe(mailsBefore);

      // The owner resets with the code already in their inbox.
      const done = await reset(
        { username: user.username, token: lastMailed, newPassword: 'owner-again' },
        { ip: '10.40.1.1' },
      );
      expect(done.statusCode).toBe(200);
      expect((await login(user.username, 'owner-again')).statusCode).toBe(200);
    });

    it('unknown usernames meet the same quota with the same answer (a refusal tells nobody whether an account exists)', async () => {
      const user = await registered();
      const answers = async (username: string, prefix: string) => {
        const out: Array<[number, string]> = [];
        for (let i = 0; i < 6; i++) {
          const res = await forgot(username, `${prefix}.${i}`);
          out.push([res.statusCode, res.statusCode === 429 ? res.json().message.replace(/\d+ minutes?/, 'N') : '']);
        }
        return out;
      };
      const known = await answers(user.username, '10.42.0');
      const unknown = await answers('nobody_at_all', '10.42.1');
      expect(known.at(-1)).toEqual(unknown.at(-1));
      expect(known.at(-1)![0]).toBe(429);
    });

    it('per address: 30 mail requests, whatever the usernames, then 429 with the general message', async () => {
      const ip = '10.43.0.1';
      await t.database.query(
        sql`INSERT INTO throttle_events (bucket, created_at) SELECT ${BUCKETS.resetMailAddress(`ip:${ip}`)}, now() FROM generate_series(1, 30)`,
      );
      const user = await registered();
      const res = await forgot(user.username, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
      expect(res.headers['retry-after']).toBeDefined();
      expect((await forgot(user.username, '10.43.0.2')).statusCode).toBe(200);
    });
  });

  it('limits reset attempts per IP (30 in 15 minutes) with 429', async () => {
    const ip = '10.41.0.1';
    await t.database.query(
      sql`INSERT INTO throttle_events (bucket, created_at) SELECT ${BUCKETS.resetAttempt(`ip:${ip}`)}, now() FROM generate_series(1, 30)`,
    );
    const res = await reset({ username: 'someone', token: 'ABCDEFGHJK', newPassword: 'newpass1' }, { ip });
    expect(res.statusCode).toBe(429);
  });

  it('writes each mail as one .eml file under DATA_DIR/outbox', async () => {
    const files = (await fs.readdir(outboxDir(t.dataDir))).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThan(0);
    const raw = await fs.readFile(`${outboxDir(t.dataDir)}/${files[0]}`, 'utf8');
    expect(raw).toMatch(/^Subject: Your Whispers password reset code$/m);
    expect(raw).toMatch(/^From: Whispers <no-reply@whispers\.local>$/m);
  });
});

describe('password reset when mail cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 on localhost refuses connections: the SMTP send fails quickly.
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => t.close());

  it('answers 503 with a message and leaves no reset code behind', async () => {
    const account = newAccount('sm');
    const reg = await call(t.app, 'POST', '/api/user/register', account);
    const res = await call(t.app, 'POST', '/api/user/forgot-password', { username: account.username });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'We could not send the reset email right now. Please try again later.' });
    const rows = await t.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM password_resets WHERE user_id = ${reg.json().id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
