import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { DEFAULT_AUTH_LIMITS } from './modules/auth/limits';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.maxUploadBytes).toEqual({
      audio: 20 * 1024 * 1024,
      image: 15 * 1024 * 1024,
      video: 200 * 1024 * 1024,
    });
    expect(config.tileUrl).toContain('{z}/{x}/{y}');
  });

  it('reads overrides', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h/db',
      MAX_AUDIO_MB: '1',
      COOKIE_SECURE: 'true',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u@h/db');
    expect(config.maxUploadBytes.audio).toBe(1024 * 1024);
    expect(config.cookieSecure).toBe(true);
  });

  it('lists every bad value in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', MEDIA_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL must start with postgres/);
    expect(problems).toMatch(/MEDIA_SECRET must be at least 32 characters/);
  });

  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems.join('\n');
      throw error;
    }
    return '';
  };

  describe('TRUST_PROXY (docs/decisions/011-trust-proxy.md)', () => {
    it('is off by default and for false, 0 or empty', () => {
      for (const value of [undefined, '', 'false', '0']) {
        expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toBe(false);
      }
    });

    it('takes a hop count', () => {
      expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
      expect(problemsOf({ TRUST_PROXY: '11' })).toMatch(/TRUST_PROXY hop count must be at most 10/);
    });

    it('takes a comma-separated list of proxy addresses, CIDRs and proxy-addr names', () => {
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '127.0.0.1',
        '::1',
        'fd00::/8',
        'loopback',
      ]);
    });

    it('refuses true (it would trust the left-most X-Forwarded-For) with a message that says what to write', () => {
      expect(problemsOf({ TRUST_PROXY: 'true' })).toMatch(
        /TRUST_PROXY: TRUST_PROXY=true is not accepted: it would trust the left-most X-Forwarded-For.*1 for one reverse proxy/,
      );
    });

    it.each(['yes', '10.0.0.0/33', '1.2.3.4/8/1', 'example.com', '10.0.0.1,,nonsense', '-1', '1.5'])(
      'refuses %s',
      (value) => {
        expect(problemsOf({ TRUST_PROXY: value })).toMatch(/^TRUST_PROXY: /);
      },
    );
  });

  describe('limits', () => {
    it("default to today's values", () => {
      expect(loadConfig({}).limits).toEqual(DEFAULT_AUTH_LIMITS);
      expect(loadConfig({ LIMIT_LOGIN_MAX_DELAY: '', LIMIT_RESET_MAILS_PER_USERNAME: '' }).limits).toEqual(
        DEFAULT_AUTH_LIMITS,
      );
    });

    it('read count/duration and durations', () => {
      const { limits } = loadConfig({
        LIMIT_LOGIN_FAILURES_PER_ADDRESS: '20 / 1h',
        LIMIT_LOGIN_FREE_FAILURES: '3',
        LIMIT_LOGIN_MAX_DELAY: '90s',
        LIMIT_RESET_MAILS_PER_USERNAME: '2/30m',
        LIMIT_PASSWORD_CONFIRMS_PER_USER: '5/5m',
      });
      expect(limits.loginFailuresPerAddress).toEqual({ limit: 20, windowMs: 3_600_000 });
      expect(limits.loginBackoff).toMatchObject({ freeFailures: 3, maxDelayMs: 90_000 });
      expect(limits.resetMailsPerUsername).toEqual({ limit: 2, windowMs: 30 * 60_000 });
      expect(limits.passwordConfirmsPerUser).toEqual({ limit: 5, windowMs: 5 * 60_000 });
    });

    it('refuse nonsense with the variable named', () => {
      const problems = problemsOf({
        LIMIT_LOGIN_FAILURES_PER_ADDRESS: 'ten',
        LIMIT_RESET_MAILS_PER_ADDRESS: '0/15m',
        LIMIT_REGISTRATIONS_PER_ADDRESS: '5/2d',
        LIMIT_LOGIN_MAX_DELAY: '48h',
        LIMIT_LOGIN_FREE_FAILURES: '0',
      });
      expect(problems).toMatch(/LIMIT_LOGIN_FAILURES_PER_ADDRESS: must be a count per duration/);
      expect(problems).toMatch(/LIMIT_RESET_MAILS_PER_ADDRESS.*: the count must be at least 1/);
      expect(problems).toMatch(/LIMIT_REGISTRATIONS_PER_ADDRESS: must be a count per duration/);
      expect(problems).toMatch(/LIMIT_LOGIN_MAX_DELAY: must be at most 24h/);
      expect(problems).toMatch(/LIMIT_LOGIN_FREE_FAILURES/);
    });
  });

  describe('ADMIN_USERNAMES (docs/moderation.md "The first admin")', () => {
    it('is empty by default and reads a comma-separated list, lower-cased, without repeats', () => {
      expect(loadConfig({}).adminUsernames).toEqual([]);
      expect(loadConfig({ ADMIN_USERNAMES: '' }).adminUsernames).toEqual([]);
      expect(loadConfig({ ADMIN_USERNAMES: ' Ada_Admin , bob,ADA_ADMIN,, ' }).adminUsernames).toEqual([
        'ada_admin',
        'bob',
      ]);
    });

    it('refuses what cannot be a username, naming it', () => {
      expect(problemsOf({ ADMIN_USERNAMES: 'ok_name,no way' })).toMatch(/ADMIN_USERNAMES: "no way" is not a username/);
      expect(problemsOf({ ADMIN_USERNAMES: 'ab' })).toMatch(
        /ADMIN_USERNAMES: "ab" is not a username \(3–20 letters, digits or _\)/,
      );
      expect(problemsOf({ ADMIN_USERNAMES: 'a'.repeat(21) })).toMatch(/ADMIN_USERNAMES/);
    });
  });

  describe('NOTIFICATION_STREAM_LIFETIME', () => {
    it('defaults to one hour and reads a duration', () => {
      expect(loadConfig({}).notificationStreamLifetimeMs).toBe(3_600_000);
      expect(loadConfig({ NOTIFICATION_STREAM_LIFETIME: '90s' }).notificationStreamLifetimeMs).toBe(90_000);
      expect(problemsOf({ NOTIFICATION_STREAM_LIFETIME: 'forever' })).toMatch(
        /NOTIFICATION_STREAM_LIFETIME: must be a duration/,
      );
    });
  });
});
