import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { checkPushEndpoint } from './endpoint-guard';
import { isPublicUnicastAddress } from './address-policy';
import { subscriptionKeysProblem } from './subscription-keys';
import { badKeys, GOOD_KEYS, hostileEndpoints } from './test-support/hostile-endpoints';

const allowedHosts = loadConfig({ NODE_ENV: 'test' }).push.allowedHosts;
const check = (endpoint: string, testOrigins: string[] = []) =>
  checkPushEndpoint(endpoint, { allowedHosts, testOrigins });

describe('checkPushEndpoint', () => {
  it('accepts the browsers’ push services (the default PUSH_ALLOWED_HOSTS), an explicit :443 included', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://FCM.googleapis.com:443/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x%3d',
    ])
      expect(check(endpoint), endpoint).toMatchObject({ ok: true, testOrigin: false });
  });

  it('refuses every hostile form with its own message', () => {
    for (const { endpoint, message } of hostileEndpoints())
      expect(check(endpoint), endpoint).toEqual({ ok: false, message });
  });

  it('a host on no allowed push service is refused until the operator allows it', () => {
    expect(check('https://push.example.net/x').ok).toBe(false);
    expect(checkPushEndpoint('https://a.push.example.net/x', { allowedHosts: ['*.push.example.net'] }).ok).toBe(true);
    expect(checkPushEndpoint('https://push.example.net/x', { allowedHosts: ['*.push.example.net'] }).ok).toBe(false);
    expect(checkPushEndpoint('https://xpush.example.net/x', { allowedHosts: ['*.push.example.net'] }).ok).toBe(false);
  });

  it('allows the configured test origins only, read alike by both parsers', () => {
    expect(check('https://localhost:8443/notify/x', ['https://localhost:8443'])).toMatchObject({
      ok: true,
      testOrigin: true,
    });
    expect(check('https://localhost:8444/notify/x', ['https://localhost:8443']).ok).toBe(false);
    expect(check('https://localhost:8443;.example.com/notify/x', ['https://localhost:8443']).ok).toBe(false);
  });
});

describe('PUSH_ALLOWED_HOSTS', () => {
  it('is the browsers’ push services unless set, and refuses what is not a host name', () => {
    expect(allowedHosts).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.push.services.mozilla.com',
      '*.push.apple.com',
      '*.notify.windows.com',
    ]);
    expect(
      loadConfig({ NODE_ENV: 'test', PUSH_ALLOWED_HOSTS: 'Push.Example.net, *.push.example.org' }).push.allowedHosts,
    ).toEqual(['push.example.net', '*.push.example.org']);
    for (const value of ['10.0.0.1', '*', 'https://push.example.net', 'push']) {
      expect(() => loadConfig({ NODE_ENV: 'test', PUSH_ALLOWED_HOSTS: value }), value).toThrow(/PUSH_ALLOWED_HOSTS/);
    }
  });
});

describe('isPublicUnicastAddress', () => {
  it('accepts public unicast addresses', () => {
    for (const address of ['8.8.8.8', '142.250.74.10', '2001:4860:4860::8888', '2a00:1450:4001:82b::200a']) {
      expect(isPublicUnicastAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, CGNAT, NAT64, 6to4, Teredo, documentation, discard, multicast and mapped forms', () => {
    for (const address of [
      '127.0.0.1',
      '127.0.0.2',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.1',
      '198.18.0.1',
      '192.88.99.1',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::7f00:1',
      '::127.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::8.8.8.8',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '2002:808:808::1',
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      '3fff::1',
      '100::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      'not an address',
      '',
    ])
      expect(isPublicUnicastAddress(address), address).toBe(false);
  });
});

describe('subscriptionKeysProblem', () => {
  it('accepts a P-256 point and a 16-byte secret, padded or not', () => {
    expect(subscriptionKeysProblem(GOOD_KEYS)).toBeNull();
    expect(subscriptionKeysProblem({ p256dh: GOOD_KEYS.p256dh, auth: `${GOOD_KEYS.auth}==` })).toBeNull();
  });

  it('refuses keys that are not keys', () => {
    for (const { keys, message } of badKeys())
      expect(subscriptionKeysProblem(keys), JSON.stringify(keys)).toBe(message);
  });
});
