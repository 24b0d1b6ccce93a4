/**
 * Abuse limits of the account calls. Failed sign-ins follow the issue exactly (10 per username and per IP in
 * 15 minutes). The request limits are per IP (and per username for reset mails) and generous enough that a
 * browser test suite registering a handful of users from 127.0.0.1 never meets them; RATE_LIMIT_DISABLED
 * turns the request limits off (never the failed sign-in limit).
 */
import type { ThrottleRule } from './throttle';

const MINUTE = 60 * 1000;

export const AUTH_LIMITS = {
  loginFailuresPerUsername: { limit: 10, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** From a browser that signed in as that user before (device-cookies.ts): counted for that device alone. */
  loginFailuresPerDevice: { limit: 10, windowMs: 15 * MINUTE },
  // 100 an hour still stops bulk sign-ups, and a whole e2e run (fresh users per test) stays far below it.
  registrationsPerIp: { limit: 100, windowMs: 60 * MINUTE },
  resetMailsPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Stops mail-bombing one account's inbox. */
  resetMailsPerUsername: { limit: 5, windowMs: 15 * MINUTE },
  resetAttemptsPerIp: { limit: 30, windowMs: 15 * MINUTE },
  usernameChecksPerIp: { limit: 300, windowMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;
