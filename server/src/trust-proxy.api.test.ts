/**
 * Whose address a limit counts (docs/security.md, "Threat model"; docs/decisions/011-trust-proxy.md). Without TRUST_PROXY the
 * socket's address, whatever X-Forwarded-For says; with a hop count or proxy addresses, the right-most address
 * not vouched for — never the left-most entry, which the client writes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import type { Env } from './config';
import { BUCKETS } from './modules/auth/throttle-buckets';

const LIMITS = { LIMIT_LOGIN_FAILURES_PER_ADDRESS: '3/15m', LIMIT_RESET_MAILS_PER_ADDRESS: '3/15m' };

function harness(env: Partial<Env>) {
  const state: { t?: TestApp } = {};
  beforeAll(async () => {
    state.t = await createTestApp({ ...LIMITS, ...env });
  });
  afterAll(async () => state.t?.close());
  const app = () => state.t!.app;
  return {
    login: (remoteAddress: string, forwardedFor?: string) =>
      app().inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        payload: { username: 'nobody_here', password: 'wrong-password' },
      }),
    forgot: (remoteAddress: string, forwardedFor?: string) =>
      app().inject({
        method: 'POST',
        url: '/api/user/forgot-password',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        payload: { username: 'nobody_here' },
      }),
    failuresOf: async (address: string) =>
      (
        await state.t!.database.query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM throttle_events WHERE bucket = ${BUCKETS.loginAddress(address)}`,
        )
      )[0]!.n,
    requestId: (remoteAddress: string, id: string) =>
      app().inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { 'x-request-id': id } }),
  };
}

const spoofed = (i: number) => `203.0.113.${i + 1}`;

describe('without a proxy configured (the default)', () => {
  const h = harness({});

  it('a client that sends X-Forwarded-For cannot escape its address: failed sign-ins', async () => {
    for (let i = 0; i < 3; i++) expect((await h.login('192.0.2.10', spoofed(i))).statusCode).toBe(401);
    const refused = await h.login('192.0.2.10', spoofed(9));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await h.failuresOf('ip:192.0.2.10')).toBe(3);
    expect(await h.failuresOf(`ip:${spoofed(0)}`)).toBe(0);
  });

  it('… nor a request limit', async () => {
    for (let i = 0; i < 3; i++)
      expect((await h.forgot('192.0.2.11', `${spoofed(i)}, ${spoofed(i + 50)}`)).statusCode).toBe(404);
    expect((await h.forgot('192.0.2.11', spoofed(99))).statusCode).toBe(429);
  });

  it('nor pick its own request id', async () => {
    expect((await h.requestId('192.0.2.12', 'chosen-by-client')).headers['x-request-id']).not.toBe('chosen-by-client');
  });
});

describe('TRUST_PROXY=1 (one reverse proxy in front)', () => {
  const h = harness({ TRUST_PROXY: '1' });

  it('the right-most X-Forwarded-For address counts, not the left-most the client wrote', async () => {
    // The proxy (127.0.0.1) appends the address it saw; whatever the client put before it changes nothing.
    for (let i = 0; i < 3; i++)
      expect((await h.login('127.0.0.1', `${spoofed(i)}, 198.51.100.77`)).statusCode).toBe(401);
    expect((await h.login('127.0.0.1', `${spoofed(7)}, 198.51.100.77`)).statusCode).toBe(429);
    expect(await h.failuresOf('ip:198.51.100.77')).toBe(3);
    expect(await h.failuresOf(`ip:${spoofed(0)}`)).toBe(0);
    // Another client behind the same proxy is not affected.
    expect((await h.login('127.0.0.1', '198.51.100.78')).statusCode).toBe(401);
  });

  it('IPv6 clients behind the proxy count by their /64', async () => {
    for (let i = 1; i <= 3; i++) expect((await h.login('127.0.0.1', `2001:db8:9:9::${i}`)).statusCode).toBe(401);
    expect((await h.login('127.0.0.1', '2001:db8:9:9:abcd::1')).statusCode).toBe(429);
    expect(await h.failuresOf('ip6:2001:db8:9:9::/64')).toBe(3);
  });

  it("the proxy's request id is kept", async () => {
    expect((await h.requestId('127.0.0.1', 'from-the-proxy')).headers['x-request-id']).toBe('from-the-proxy');
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  const h = harness({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });

  it('hops from listed proxies are believed, up to the first address that is not a proxy', async () => {
    for (let i = 0; i < 3; i++)
      expect((await h.login('127.0.0.1', `${spoofed(i)}, 198.51.100.80, 10.1.2.3`)).statusCode).toBe(401);
    expect(await h.failuresOf('ip:198.51.100.80')).toBe(3);
    expect((await h.login('127.0.0.1', `${spoofed(5)}, 198.51.100.80, 10.9.9.9`)).statusCode).toBe(429);
  });

  it('a client that is not a listed proxy has its X-Forwarded-For ignored', async () => {
    for (let i = 0; i < 3; i++) expect((await h.login('192.0.2.30', spoofed(i))).statusCode).toBe(401);
    expect(await h.failuresOf('ip:192.0.2.30')).toBe(3);
    expect((await h.login('192.0.2.30', spoofed(4))).statusCode).toBe(429);
  });
});
