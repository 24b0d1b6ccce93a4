/**
 * Recognised devices (docs/security.md, "Threat model"; OWASP "device cookies"). After a successful sign-in the browser keeps a
 * signed cookie naming that username. Failed sign-ins that carry a valid one are counted for that device alone,
 * so a stranger who fails often enough to lock the username everywhere else never locks out the owner's own
 * browser; a guesser has no such cookie and meets the per-username and per-address limits.
 */
import crypto from 'node:crypto';

export const DEVICE_COOKIE = 'whispers_device';
/** A device stays recognised for a year after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export interface DeviceCookies {
  /** A new cookie value for a browser that has just signed in as `username`. */
  issue(username: string): string;
  /** The device id of a cookie value issued for `username` by this secret, else null (absent, forged, other user). */
  deviceOf(value: string | undefined, username: string): string | null;
}

export function createDeviceCookies(secret: string): DeviceCookies {
  // A key of its own: the media secret itself signs nothing else.
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'whispers', 'device-cookie v1', 32));
  const mac = (username: string, device: string) =>
    crypto.createHmac('sha256', key).update(`${username.toLowerCase()}\n${device}`).digest('base64url');
  return {
    issue(username) {
      const device = crypto.randomBytes(16).toString('base64url');
      return `${device}.${mac(username, device)}`;
    },
    deviceOf(value, username) {
      if (!value || value.length > 200) return null;
      const [device, signature, extra] = value.split('.');
      if (!device || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(username, device));
      const given = Buffer.from(signature);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? device : null;
    },
  };
}
