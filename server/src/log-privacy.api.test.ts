/**
 * Logs without secrets (docs/security.md, "Threat model"): the whole log of a run of representative API calls — registration,
 * a wrong password, a reset request and reset, story reads with coordinates, and forced 500s whose database errors
 * carry SQL parameters — is captured at debug level and searched for every secret the run used.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readLatestResetCode } from './mail/test-support/outbox';
import { sessionCookieOf } from './modules/auth/test-support/auth-helpers';
import { SESSION_COOKIE } from './modules/auth/session-store';
import { errorLogSerializer, REDACTED } from './plugins/log-privacy';
import { useTestApp } from '#tests/helpers/test-app';

describe('logs without secrets', () => {
  const lines: string[] = [];
  // The SQL path of the nearby reads (no story index), whose failure is forced below to see what an error logs.
  const t = useTestApp(
    { RATE_LIMIT_DISABLED: 'true', STORY_INDEX: 'off' },
    { logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } } },
  );

  it(
    'no log line of a run of representative calls carries a password, hash, email, reset code, session token, SQL parameter or position',
    { timeout: 60_000 },
    async () => {
      const { app, database, dataDir } = t.current;
      const account = {
        username: 'logged_ada',
        displayName: 'Ada Logged',
        email: 'ada.private@example.test',
        password: 'Corr3ct-Horse-Battery',
      };
      const wrongPassword = 'Wr0ng-Staple-Guess';
      const newPassword = 'N3w-Secret-Passphrase';
      // Positions with digits that appear nowhere else.
      const position = { lat: '32.08357531', lng: '-81.09986421' };
      const post = (url: string, payload: object, cookie?: string) =>
        app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

      const registered = await post('/api/user/register', account);
      expect(registered.statusCode).toBe(201);
      const cookie = sessionCookieOf(registered)!;
      expect((await post('/api/user/login', { username: account.username, password: wrongPassword })).statusCode).toBe(
        401,
      );
      expect((await post('/api/user/forgot-password', { username: account.username })).statusCode).toBe(200);
      const code = (await readLatestResetCode(dataDir, account.email))!;
      expect(code).toBeTruthy();
      const reset = await post('/api/user/reset-password', { username: account.username, token: code, newPassword });
      expect(reset.statusCode).toBe(200);
      const newCookie = sessionCookieOf(reset)!;

      for (const url of [
        `/api/stories/discoverable/${position.lat}/${position.lng}?accuracy=12`,
        `/api/stories/map/${position.lat}/${position.lng}`,
        `/api/stories/all?lat=${position.lat}&lng=${position.lng}`,
        `/api/stories/map?bbox=-81.2,32.0,-81.0,32.2&lat=${position.lat}&lng=${position.lng}`,
      ]) {
        expect((await app.inject({ method: 'GET', url, headers: { cookie: newCookie } })).statusCode).toBe(200);
      }

      // Forced 500s: the database errors carry the statement's parameters (the position; the username and address).
      await database.query(sql`ALTER TABLE stories RENAME TO stories_away`);
      await database.query(sql`ALTER TABLE throttle_events RENAME TO throttle_events_away`);
      try {
        const read = await app.inject({
          method: 'GET',
          url: `/api/stories/discoverable/${position.lat}/${position.lng}`,
        });
        expect(read.statusCode).toBe(500);
        const login = await post('/api/user/login', { username: account.username, password: newPassword });
        expect(login.statusCode).toBe(500);
      } finally {
        await database.query(sql`ALTER TABLE stories_away RENAME TO stories`);
        await database.query(sql`ALTER TABLE throttle_events_away RENAME TO throttle_events`);
      }

      const [row] = await database.query<{ hash: string }>(
        sql`SELECT password_hash AS hash FROM users WHERE username = ${account.username}`,
      );
      const secrets = {
        password: account.password,
        wrongPassword,
        newPassword,
        email: account.email,
        passwordHash: row!.hash,
        resetCode: code,
        sessionToken: cookie.slice(SESSION_COOKIE.length + 1),
        newSessionToken: newCookie.slice(SESSION_COOKIE.length + 1),
        latitude: position.lat,
        longitude: position.lng,
        username: account.username,
      };
      const log = lines.join('');
      // The run was logged, errors included (the search below is over something).
      expect(log).toContain('"msg":"unhandled error"');
      expect(log).toContain('Failed query');
      // One line per request (plugins/request-log.ts) plus the errors.
      expect(lines.length).toBeGreaterThan(10);
      const found = Object.entries(secrets)
        .filter(([, secret]) => log.toLowerCase().includes(secret.toLowerCase()))
        .map(([name]) => name);
      expect(found).toEqual([]);
    },
  );

  it('the error serializer keeps the SQL and the database classification, and drops values', () => {
    const driverError = Object.assign(new Error('invalid input syntax for type uuid: "secret-value"'), {
      severity: 'ERROR',
      routine: 'string_to_uuid',
      code: '22P02',
      query: "SELECT * FROM users WHERE id = 'secret-value'",
      detail: 'Key (email)=(someone@example.test) already exists.',
    });
    const drizzleError = new Error('Failed query: select 1 from users where email = $1\nparams: someone@example.test', {
      cause: driverError,
    });
    const logged = errorLogSerializer(drizzleError);
    expect(logged.message).toBe(`Failed query: select 1 from users where email = $1\nparams: ${REDACTED}`);
    expect(logged.cause).toMatchObject({
      code: '22P02',
      routine: 'string_to_uuid',
      message: 'invalid input syntax for type uuid: "…"',
    });
    expect(JSON.stringify(logged)).not.toMatch(/secret-value|someone@example/);
  });
});
