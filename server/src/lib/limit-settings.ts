/**
 * Abuse limits of the account calls (docs/security.md, "Threat model"). Every value here is a default that the environment may
 * change (config.ts, `LIMIT_*`). Failed sign-ins are limited per (username, address) — or per (username,
 * recognised device) — with growing delays, and per address over every username; never per username alone, so a
 * stranger elsewhere cannot lock the owner out. The request limits are per address (and per username for reset
 * mails) and generous enough that a browser test suite registering a handful of users from one address never
 * meets them; RATE_LIMIT_DISABLED turns the request limits off (never the failed sign-in limits).
 *
 * The rule shapes and the defaults live here, below both config.ts (which lets the environment change them) and
 * modules/auth (which applies them, throttle.ts), so configuration imports no module.
 */

export interface WindowRule {
  /** Events allowed inside one window; the next attempt is refused. */
  limit: number;
  windowMs: number;
}

export interface BackoffRule {
  /** Events allowed without any delay. */
  freeFailures: number;
  /** The wait after the first event past the free ones; it doubles with each further event. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long an event is remembered. */
  windowMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export interface AuthLimits {
  /** Failed sign-ins from one address (IPv6 /64) over every username. */
  loginFailuresPerAddress: WindowRule;
  /** Failed sign-ins per (username, address) and per (username, recognised device): free ones, then doubling delays. */
  loginBackoff: BackoffRule;
  registrationsPerAddress: WindowRule;
  resetMailsPerAddress: WindowRule;
  /** Stops mail-bombing one account's inbox; the code mailed last stays valid while more are refused. */
  resetMailsPerUsername: WindowRule;
  resetAttemptsPerAddress: WindowRule;
  usernameChecksPerAddress: WindowRule;
  /** Password confirmations (account deletion) per signed-in user: a stolen session must not try passwords freely. */
  passwordConfirmsPerUser: WindowRule;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginFailuresPerAddress: { limit: 10, windowMs: 15 * MINUTE },
  // 5 free failures, then 1 s, 2 s, 4 s … up to 15 minutes between tries; failures are remembered for a day.
  loginBackoff: { freeFailures: 5, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE, windowMs: 24 * 60 * MINUTE },
  // 100 an hour still stops bulk sign-ups, and a whole e2e run (fresh users per test) stays far below it.
  registrationsPerAddress: { limit: 100, windowMs: 60 * MINUTE },
  resetMailsPerAddress: { limit: 30, windowMs: 15 * MINUTE },
  resetMailsPerUsername: { limit: 5, windowMs: 15 * MINUTE },
  resetAttemptsPerAddress: { limit: 30, windowMs: 15 * MINUTE },
  usernameChecksPerAddress: { limit: 300, windowMs: 15 * MINUTE },
  passwordConfirmsPerUser: { limit: 10, windowMs: 15 * MINUTE },
};
