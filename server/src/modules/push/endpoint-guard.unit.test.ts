import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './endpoint-guard';

describe('isAllowedPushEndpoint', () => {
  it('accepts the public push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'https://8.8.8.8/push',
      'https://[2001:4860:4860::8888]/push',
    ]) expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(true);
  });

  it('refuses plain http, credentials, internal names and every non-public address', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/x',
      'https://localhost/x',
      'https://push.localhost/x',
      'https://intranet/x',
      'https://db.internal/x',
      'https://printer.local/x',
      'https://127.0.0.1/x',
      'https://127.1.2.3/x',
      'https://0.0.0.0/x',
      'https://10.0.0.5/x',
      'https://172.16.0.1/x',
      'https://172.31.255.255/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://224.0.0.1/x',
      'https://[::1]/x',
      'https://[::]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'file:///etc/passwd',
      'not a url',
      '',
    ]) expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(false);
  });

  it('allows the configured test origins only', () => {
    expect(isAllowedPushEndpoint('https://localhost:8443/notify/x', ['https://localhost:8443'])).toBe(true);
    expect(isAllowedPushEndpoint('https://localhost:8444/notify/x', ['https://localhost:8443'])).toBe(false);
  });
});
