/**
 * Accounts: registration, sign-in with failed-attempt throttling, profile setup and password reset by mailed
 * code (docs/design.md, rules 5 and 6). Routes pass requests validated with the shared schemas; the service throws
 * HttpErrors with the messages the client shows. The tables are the account repository's.
 */
import {
  MESSAGES,
  USERNAME_TAKEN_MESSAGE,
  type CurrentUser,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type setupRequestSchema,
} from '#common/schemas';
import type { z } from 'zod';
import { ROLES, type Role } from '#common/moderation';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../lib/http-errors';
import type { Mailer } from '../../mail/mailer';
import type { AccountRepository } from './account-repository';
import type { AuthLimits } from './limits';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import {
  generateResetCode,
  hashResetCode,
  RESET_CODE_MAX_WRONG_ATTEMPTS,
  RESET_CODE_TTL_MS,
  sameDigest,
} from './reset-codes';
import { resetCodeMail } from './reset-mail';
import type { DeviceCookies } from './device-cookies';
import type { SessionUser } from './session-store';
import type { ThrottleCheck } from './throttle';
import { BUCKETS } from './throttle-buckets';
import type { InterfaceLocale } from '#common/locales';

const AUTH_MESSAGES = {
  usernameTaken: USERNAME_TAKEN_MESSAGE,
  emailTaken: 'An account with that email already exists.',
  tooManyLogins: (retryIn: string) => `Too many failed sign-in attempts. Please try again ${retryIn}.`,
  tooManyRequests: (retryIn: string) => `Too many requests. Please try again ${retryIn}.`,
  // Said for every username, existing or not, so it tells nobody whether an account exists.
  tooManyResetMails: (retryIn: string) =>
    `Too many reset codes asked for this username. The newest code already mailed still works; ask for a new one ${retryIn}.`,
  resetCodeInvalid: 'Invalid reset code. Please check the code in your email.',
  resetCodeExpired: 'This reset code has expired. Please request a new one.',
  resetCodeUsed: 'This reset code has already been used. Please request a new one.',
  resetCodeNone: 'No reset code was requested for this account. Please request one first.',
  resetCodeTooManyAttempts: 'Too many wrong codes. Please request a new reset code.',
  mailFailed: 'We could not send the reset email right now. Please try again later.',
} as const;

/** Who is asking: the client address (for per-address limits), the clock, and whether request limits apply. */
export interface RequestContext {
  /** The client's address key (lib/client-address.ts: IPv6 by its /64), never a raw header value. */
  address: string;
  now: Date;
  rateLimits: boolean;
  /** The recognised-device cookie the browser sent, if any (device-cookies.ts). */
  deviceCookie?: string;
  /** The asker's interface language (Accept-Language): the reset mail is written in it. */
  locale: InterfaceLocale;
}

export interface AuthDeps {
  accounts: AccountRepository;
  mailer: Mailer;
  log: { error(obj: object, msg: string): void };
  devices: DeviceCookies;
  limits: AuthLimits;
}

/** The only shape in which a user leaves the server: never the hash, never a token. */
export function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    bio: user.bio,
    favoriteStoryType: user.favoriteStoryType,
    avatar: user.avatar,
    isSetupComplete: user.isSetupComplete,
    language: user.language,
    role: ROLES.includes(user.role as Role) ? (user.role as Role) : 'user',
  };
}

/** Request limits (registration, reset mails, reset attempts): count this request, or refuse it with 429. */
async function limitRequests(
  accounts: AccountRepository,
  context: RequestContext,
  checks: ThrottleCheck[],
  message: (retryIn: string) => string = AUTH_MESSAGES.tooManyRequests,
) {
  if (!context.rateLimits) return;
  await accounts.admit(checks, message, context.now);
}

/** Maps a unique-index violation (a race lost between check and write) to the 409 a person understands. */
function uniqueViolation(error: unknown): string | undefined {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return undefined;
}

function conflictFor(constraint: string): HttpError {
  return conflict(constraint.includes('email') ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.usernameTaken);
}

async function register(
  deps: AuthDeps,
  input: RegisterRequest,
  context: RequestContext,
  previousToken: string | undefined,
): Promise<{ user: CurrentUser; token: string }> {
  const { accounts } = deps;
  await limitRequests(accounts, context, [
    { bucket: BUCKETS.register(context.address), rule: deps.limits.registrationsPerAddress },
  ]);
  if (await accounts.findByUsername(input.username)) throw conflict(AUTH_MESSAGES.usernameTaken);
  if (await accounts.emailTaken(input.email)) throw conflict(AUTH_MESSAGES.emailTaken);

  const passwordHash = await hashPassword(input.password);
  let row: SessionUser;
  try {
    row = await accounts.insertUser({
      username: input.username,
      displayName: input.displayName,
      email: input.email,
      passwordHash,
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== undefined) throw conflictFor(constraint);
    throw error;
  }
  const { token } = await accounts.startSession(row.id, previousToken);
  return { user: toCurrentUser(row), token };
}

async function login(
  deps: AuthDeps,
  input: LoginRequest,
  context: RequestContext,
  previousToken: string | undefined,
): Promise<{ user: CurrentUser; token: string; deviceCookie: string }> {
  const { accounts, limits } = deps;
  const username = input.username.toLowerCase();
  // From the owner's recognised browser only that device's failures count: a stranger elsewhere cannot lock it.
  // Otherwise per (username, address) with growing delays, and per address over every username. Never per
  // username alone: that would let anyone lock the owner out from anywhere.
  const device = deps.devices.deviceOf(context.deviceCookie, username);
  const checks: ThrottleCheck[] = device
    ? [{ bucket: BUCKETS.loginDevice(username, device), rule: limits.loginBackoff }]
    : [
        { bucket: BUCKETS.loginPair(username, context.address), rule: limits.loginBackoff },
        { bucket: BUCKETS.loginAddress(context.address), rule: limits.loginFailuresPerAddress },
      ];
  // Counted as a failure before the password hash is computed (and taken back on success): parallel guesses
  // see each other, and once refused even the right password waits, or guessing would go on.
  const counted = await accounts.admit(checks, AUTH_MESSAGES.tooManyLogins, context.now);

  const user = await accounts.findByUsername(input.username);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw unauthorized(MESSAGES.invalidCredentials);
  // A success is no failure, and forgives this pair's (or device's) failures; the address's others stay (one good
  // account must not reset a guesser).
  await accounts.forgetEvents(counted);
  await accounts.clearBuckets([checks[0]!.bucket]);
  const { token } = await accounts.startSession(user.id, previousToken);
  return {
    user: toCurrentUser(user),
    token,
    deviceCookie: context.deviceCookie && device ? context.deviceCookie : deps.devices.issue(username),
  };
}

/**
 * A sign-in whose body the route contract refused (over-long name, missing password…): counted as a failure of
 * the address like any other, so malformed requests are no free way around the limit. Throws 429 when the
 * address is over it; the caller answers 400 otherwise.
 */
async function countMalformedLogin(deps: AuthDeps, context: RequestContext): Promise<void> {
  await deps.accounts.admit(
    [{ bucket: BUCKETS.loginAddress(context.address), rule: deps.limits.loginFailuresPerAddress }],
    AUTH_MESSAGES.tooManyLogins,
    context.now,
  );
}

async function setupProfile(
  deps: AuthDeps,
  userId: string,
  input: z.output<typeof setupRequestSchema>,
): Promise<CurrentUser> {
  const { accounts } = deps;
  if (await accounts.usernameTakenByOther(input.username, userId)) throw conflict(AUTH_MESSAGES.usernameTaken);
  try {
    const row = await accounts.updateProfile(userId, {
      username: input.username,
      displayName: input.displayName,
      bio: input.bio ? input.bio : null,
      favoriteStoryType: input.favoriteStoryType ? input.favoriteStoryType : null,
      ...(input.language ? { language: input.language } : {}),
    });
    if (!row) throw unauthorized('Please sign in to continue.');
    return toCurrentUser(row);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== undefined) throw conflictFor(constraint);
    throw error;
  }
}

async function setLanguage(deps: AuthDeps, userId: string, language: string): Promise<CurrentUser> {
  const row = await deps.accounts.updateLanguage(userId, language);
  if (!row) throw unauthorized('Please sign in to continue.');
  return toCurrentUser(row);
}

async function usernameExists(deps: AuthDeps, username: string, context: RequestContext): Promise<boolean> {
  await limitRequests(deps.accounts, context, [
    { bucket: BUCKETS.usernameCheck(context.address), rule: deps.limits.usernameChecksPerAddress },
  ]);
  return (await deps.accounts.findByUsername(username)) !== undefined;
}

/**
 * Step 1 of the reset dialog: mails a fresh single-use code to the account's email. Earlier codes stop
 * working. If the mail cannot be sent, nothing stays behind.
 *
 * Limited per address and per username; the username's quota is counted for every name asked, existing or not
 * (so a refusal says nothing about the account), and a refusal happens before anything changes: the code mailed
 * last stays valid, so a third party who uses up the quota cannot stop the owner from resetting with it.
 */
async function requestPasswordReset(deps: AuthDeps, username: string, context: RequestContext): Promise<void> {
  const { accounts, mailer, limits } = deps;
  await limitRequests(accounts, context, [
    { bucket: BUCKETS.resetMailAddress(context.address), rule: limits.resetMailsPerAddress },
  ]);
  await limitRequests(
    accounts,
    context,
    [{ bucket: BUCKETS.resetMailUsername(username), rule: limits.resetMailsPerUsername }],
    AUTH_MESSAGES.tooManyResetMails,
  );
  const user = await accounts.findByUsername(username);
  if (!user) throw notFound(MESSAGES.noAccountForUsername);

  const code = generateResetCode();
  const expiresAt = new Date(context.now.getTime() + RESET_CODE_TTL_MS);
  const resetId = await accounts.replaceResetCode(user.id, hashResetCode(code), expiresAt, context.now);
  try {
    await mailer.send(resetCodeMail(user, code, context.locale));
  } catch (error) {
    deps.log.error({ err: error }, 'reset mail could not be sent');
    await accounts.deleteReset(resetId);
    throw new HttpError(503, AUTH_MESSAGES.mailFailed, { 'retry-after': '60' });
  }
}

/**
 * Step 2: the mailed code plus a new password. A right code works once within 15 minutes; five wrong codes
 * spend it. Success ends every session of the account and signs this browser in with a new one.
 */
async function resetPassword(
  deps: AuthDeps,
  input: ResetPasswordRequest,
  context: RequestContext,
): Promise<{ user: CurrentUser; token: string }> {
  const { accounts } = deps;
  await limitRequests(accounts, context, [
    { bucket: BUCKETS.resetAttempt(context.address), rule: deps.limits.resetAttemptsPerAddress },
  ]);
  const user = await accounts.findByUsername(input.username);
  if (!user) throw badRequest(AUTH_MESSAGES.resetCodeNone);

  const reset = await accounts.latestReset(user.id);
  if (!reset) throw badRequest(AUTH_MESSAGES.resetCodeNone);
  if (reset.failedAttempts >= RESET_CODE_MAX_WRONG_ATTEMPTS) throw badRequest(AUTH_MESSAGES.resetCodeTooManyAttempts);
  if (reset.used) throw badRequest(AUTH_MESSAGES.resetCodeUsed);
  if (reset.expiresAt.getTime() <= context.now.getTime()) throw badRequest(AUTH_MESSAGES.resetCodeExpired);

  if (!sameDigest(reset.token, hashResetCode(input.token))) {
    // Counted atomically; the fifth wrong code also spends the reset.
    const failedAttempts = await accounts.countWrongCode(reset.id);
    if (failedAttempts !== undefined && failedAttempts >= RESET_CODE_MAX_WRONG_ATTEMPTS) {
      await accounts.spendReset(reset.id);
      throw badRequest(AUTH_MESSAGES.resetCodeTooManyAttempts);
    }
    throw badRequest(AUTH_MESSAGES.resetCodeInvalid);
  }

  const passwordHash = await hashPassword(input.newPassword);
  const token = await accounts.completeReset(reset.id, user.id, passwordHash);
  if (token === null) throw badRequest(AUTH_MESSAGES.resetCodeUsed);
  // Whoever holds the mailed code owns the account again: forget its failed sign-ins (every address, every device).
  for (const prefix of BUCKETS.loginOfUsername(user.username)) await accounts.clearBucketsStartingWith(prefix);
  return { user: toCurrentUser(user), token };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  return {
    register: (input: RegisterRequest, context: RequestContext, previousToken: string | undefined) =>
      register(deps, input, context, previousToken),
    login: (input: LoginRequest, context: RequestContext, previousToken: string | undefined) =>
      login(deps, input, context, previousToken),
    countMalformedLogin: (context: RequestContext) => countMalformedLogin(deps, context),
    setupProfile: (userId: string, input: z.output<typeof setupRequestSchema>) => setupProfile(deps, userId, input),
    setLanguage: (userId: string, language: string) => setLanguage(deps, userId, language),
    usernameExists: (username: string, context: RequestContext) => usernameExists(deps, username, context),
    requestPasswordReset: (username: string, context: RequestContext) => requestPasswordReset(deps, username, context),
    resetPassword: (input: ResetPasswordRequest, context: RequestContext) => resetPassword(deps, input, context),
    endSession: (token: string) => deps.accounts.endSession(token),
  };
}
