/**
 * Names of the throttle buckets (table throttle_events). `address` is always an address key
 * (lib/client-address.ts: `ip:…`, or `ip6:…/64`), never a raw header value; usernames are lower-cased.
 */
export const BUCKETS = {
  /** Failed sign-ins for one username from one address (growing delays). */
  loginPair: (username: string, address: string) => `login-pair:${username.toLowerCase()}:${address}`,
  /** Failed sign-ins for one username from one recognised browser (growing delays). */
  loginDevice: (username: string, device: string) => `login-device:${username.toLowerCase()}:${device}`,
  /** Every bucket of failed sign-ins of one username (cleared by a reset or an account deletion). */
  loginOfUsername: (username: string) => [
    `login-pair:${username.toLowerCase()}:`,
    `login-device:${username.toLowerCase()}:`,
  ],
  /** Failed sign-ins from one address over every username. */
  loginAddress: (address: string) => `login-addr:${address}`,
  register: (address: string) => `register:${address}`,
  usernameCheck: (address: string) => `check:${address}`,
  resetMailAddress: (address: string) => `reset-mail:${address}`,
  resetMailUsername: (username: string) => `reset-mail-user:${username.toLowerCase()}`,
  resetAttempt: (address: string) => `reset:${address}`,
} as const;
