/**
 * A stranger's failures never lock the owner out of their own browser (docs/security.md, "Threat model"): a browser that signed
 * in as a user before carries a signed device cookie, and its failed sign-ins are counted for it alone, even on
 * an address a stranger has used up; without one, failures count per (username, address) and per address
 * (login-throttle.api.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { DEVICE_COOKIE } from './device-cookies';
import { call, newAccount } from './test-support/auth-helpers';

describe('recognised devices and lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(async () => t.close());

  const login = (username: string, password: string, ip: string, device?: string) =>
    call(
      t.app,
      'POST',
      '/api/user/login',
      { username, password },
      { ip, ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
    );

  /** An account, and the device cookie its owner's browser got from signing in at `ip`. */
  async function ownerWithDevice(ip: string) {
    const account = newAccount('dv');
    expect((await call(t.app, 'POST', '/api/user/register', account)).statusCode).toBe(201);
    const signedIn = await login(account.username, account.password, ip);
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user/login' });
    return { account, device: cookie.value };
  }

  /** Fails from `ip` (without a device cookie) until that (username, address) pair is made to wait. */
  async function lockPair(username: string, ip: string) {
    for (let i = 0; i < 5; i++) expect((await login(username, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(username, 'wrong-password', ip)).statusCode).toBe(429);
  }

  it("a stranger on the owner's own address (one NAT) cannot lock out the owner's browser", async () => {
    const { account, device } = await ownerWithDevice('198.51.100.7');
    // The stranger shares the address: the pair waits, and then the whole address is over its limit.
    await lockPair(account.username, '198.51.100.7');
    for (let i = 0; i < 5; i++)
      expect((await login(`other_${i}`, 'wrong-password', '198.51.100.7')).statusCode).toBe(401);
    const locked = await login(account.username, account.password, '198.51.100.7');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner's browser gets in.
    expect((await login(account.username, account.password, '198.51.100.7', device)).statusCode).toBe(200);
  });

  it("failures from a recognised browser make that browser wait (429 with Retry-After), not the owner's other ones", async () => {
    const { account, device } = await ownerWithDevice('198.51.100.8');
    for (let i = 0; i < 5; i++)
      expect((await login(account.username, 'wrong-password', '198.51.100.8', device)).statusCode).toBe(401);
    const locked = await login(account.username, account.password, '198.51.100.8', device);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(account.username, account.password, '198.51.100.8')).statusCode).toBe(200);
    expect((await login(account.username, account.password, '198.51.100.99')).statusCode).toBe(200);
  });

  it('a forged cookie, or one issued for another user, counts as no device', async () => {
    const { account } = await ownerWithDevice('198.51.100.9');
    const other = await ownerWithDevice('198.51.100.10');
    await lockPair(account.username, '10.21.0.1');
    const [deviceId] = other.device.split('.');
    for (const forged of [other.device, `${deviceId}.AAAA`, 'garbage', `${other.device}.extra`]) {
      expect((await login(account.username, account.password, '10.21.0.1', forged)).statusCode).toBe(429);
    }
  });
});
