/**
 * Accounts: registration, sign-in with failed-attempt throttling, profile setup and password reset by mailed
 * code (DESIGN.md decisions 5 and 6). Routes parse with the shared schemas and call these functions; the
 * functions throw HttpErrors with the messages the client shows.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  MESSAGES,
  type CurrentUser,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type setupRequestSchema,
} from '#common/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { passwordResets, sessions, users } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../lib/http-errors';
import type { Mailer } from '../../mail/mailer';
import { AUTH_LIMITS } from './limits';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import {
  generateResetCode,
  hashResetCode,
  RESET_CODE_MAX_WRONG_ATTEMPTS,
  RESET_CODE_TTL_MS,
  sameDigest,
} from './reset-codes';
import { resetCodeMail } from './reset-mail';
import { createSession, deleteUserSessions, hashToken, type SessionUser } from './session-store';
import { assertNotThrottled, clearBuckets, recordEvents, type ThrottleCheck } from './throttle';

export const AUTH_MESSAGES = {
  usernameTaken: 'That username is already taken.',
  emailTaken: 'An account with that email already exists.',
  tooManyLogins: (retryIn: string) => `Too many failed sign-in attempts. Please try again ${retryIn}.`,
  tooManyRequests: (retryIn: string) => `Too many requests. Please try again ${retryIn}.`,
  resetCodeInvalid: 'Invalid reset code. Please check the code in your email.',
  resetCodeExpired: 'This reset code has expired. Please request a new one.',
  resetCodeUsed: 'This reset code has already been used. Please request a new one.',
  resetCodeNone: 'No reset code was requested for this account. Please request one first.',
  resetCodeTooManyAttempts: 'Too many wrong codes. Please request a new reset code.',
  mailFailed: 'We could not send the reset email right now. Please try again later.',
} as const;

/** Who is asking: the client address (for per-IP limits), the clock, and whether request limits apply. */
export interface RequestContext {
  ip: string;
  now: Date;
  rateLimits: boolean;
}

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  log: { error(obj: object, msg: string): void };
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
  };
}

const lowerEquals = (column: typeof users.username | typeof users.email, value: string) =>
  sql`lower(${column}) = lower(${value})`;

async function findUserByUsername(db: Db, username: string): Promise<SessionUser | undefined> {
  const rows = await db.select().from(users).where(lowerEquals(users.username, username)).limit(1);
  return rows[0];
}

/** Request limits (registration, reset mails, reset attempts): check, then count this request. */
async function limitRequests(db: Db, context: RequestContext, checks: ThrottleCheck[]) {
  if (!context.rateLimits) return;
  await assertNotThrottled(db, checks, AUTH_MESSAGES.tooManyRequests, context.now);
  await recordEvents(db, checks, context.now);
}

/** Maps a unique-index violation (a race lost between check and write) to the 409 a person understands. */
function uniqueViolation(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return undefined;
}

function conflictFor(constraint: string): HttpError {
  return conflict(constraint.includes('email') ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.usernameTaken);
}

/** Starts a fresh session (a new token every time: no session fixation), ending the one the browser had. */
async function startSession(db: Db, userId: string, previousToken: string | undefined) {
  if (previousToken) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(previousToken)));
  return createSession(db, userId);
}

export async function register(
  deps: AuthDeps,
  input: RegisterRequest,
  context: RequestContext,
  previousToken: string | undefined,
): Promise<{ user: CurrentUser; token: string }> {
  const { db } = deps;
  await limitRequests(db, context, [{ bucket: `register-ip:${context.ip}`, rule: AUTH_LIMITS.registrationsPerIp }]);
  if (await findUserByUsername(db, input.username)) throw conflict(AUTH_MESSAGES.usernameTaken);
  const sameEmail = await db.select({ id: users.id }).from(users).where(lowerEquals(users.email, input.email)).limit(1);
  if (sameEmail.length > 0) throw conflict(AUTH_MESSAGES.emailTaken);

  const passwordHash = await hashPassword(input.password);
  let row: SessionUser;
  try {
    [row] = (await db
      .insert(users)
      .values({ username: input.username, displayName: input.displayName, email: input.email, passwordHash })
      .returning()) as [SessionUser];
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== undefined) throw conflictFor(constraint);
    throw error;
  }
  const { token } = await startSession(db, row.id, previousToken);
  return { user: toCurrentUser(row), token };
}

export async function login(
  deps: AuthDeps,
  input: LoginRequest,
  context: RequestContext,
  previousToken: string | undefined,
): Promise<{ user: CurrentUser; token: string }> {
  const { db } = deps;
  const failureBuckets: ThrottleCheck[] = [
    { bucket: `login-user:${input.username.toLowerCase()}`, rule: AUTH_LIMITS.loginFailuresPerUsername },
    { bucket: `login-ip:${context.ip}`, rule: AUTH_LIMITS.loginFailuresPerIp },
  ];
  // Checked before the password: once locked, even the right password waits, or guessing would go on.
  await assertNotThrottled(db, failureBuckets, AUTH_MESSAGES.tooManyLogins, context.now);

  const user = await findUserByUsername(db, input.username);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordEvents(db, failureBuckets, context.now);
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  // A success forgives this username's failures; the IP's stay (one good account must not reset a guesser).
  await clearBuckets(db, [failureBuckets[0]!.bucket]);
  const { token } = await startSession(db, user.id, previousToken);
  return { user: toCurrentUser(user), token };
}

export async function setupProfile(
  deps: AuthDeps,
  userId: string,
  input: z.output<typeof setupRequestSchema>,
): Promise<CurrentUser> {
  const { db } = deps;
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lowerEquals(users.username, input.username), ne(users.id, userId)))
    .limit(1);
  if (taken.length > 0) throw conflict(AUTH_MESSAGES.usernameTaken);
  try {
    const [row] = await db
      .update(users)
      .set({
        username: input.username,
        displayName: input.displayName,
        bio: input.bio ? input.bio : null,
        favoriteStoryType: input.favoriteStoryType ? input.favoriteStoryType : null,
        isSetupComplete: true,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw unauthorized('Please sign in to continue.');
    return toCurrentUser(row);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== undefined) throw conflictFor(constraint);
    throw error;
  }
}

export async function usernameExists(deps: AuthDeps, username: string, context: RequestContext): Promise<boolean> {
  await limitRequests(deps.db, context, [{ bucket: `check-ip:${context.ip}`, rule: AUTH_LIMITS.usernameChecksPerIp }]);
  return (await findUserByUsername(deps.db, username)) !== undefined;
}

/**
 * Step 1 of the reset dialog: mails a fresh single-use code to the account's email. Earlier codes stop
 * working. If the mail cannot be sent, nothing stays behind.
 */
export async function requestPasswordReset(deps: AuthDeps, username: string, context: RequestContext): Promise<void> {
  const { db, mailer } = deps;
  await limitRequests(db, context, [
    { bucket: `reset-mail-ip:${context.ip}`, rule: AUTH_LIMITS.resetMailsPerIp },
    { bucket: `reset-mail-user:${username.toLowerCase()}`, rule: AUTH_LIMITS.resetMailsPerUsername },
  ]);
  const user = await findUserByUsername(db, username);
  if (!user) throw notFound(MESSAGES.noAccountForUsername);

  const code = generateResetCode();
  const [reset] = await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ used: true })
      .where(and(eq(passwordResets.userId, user.id), eq(passwordResets.used, false)));
    return tx
      .insert(passwordResets)
      .values({
        userId: user.id,
        token: hashResetCode(code),
        expiresAt: new Date(context.now.getTime() + RESET_CODE_TTL_MS),
        createdAt: context.now,
      })
      .returning({ id: passwordResets.id });
  });
  try {
    await mailer.send(resetCodeMail(user, code));
  } catch (error) {
    deps.log.error({ err: error }, 'reset mail could not be sent');
    await db.delete(passwordResets).where(eq(passwordResets.id, reset!.id));
    throw new HttpError(503, AUTH_MESSAGES.mailFailed, { 'retry-after': '60' });
  }
}

/**
 * Step 2: the mailed code plus a new password. A right code works once within 15 minutes; five wrong codes
 * spend it. Success ends every session of the account and signs this browser in with a new one.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: ResetPasswordRequest,
  context: RequestContext,
): Promise<{ user: CurrentUser; token: string }> {
  const { db } = deps;
  await limitRequests(db, context, [{ bucket: `reset-ip:${context.ip}`, rule: AUTH_LIMITS.resetAttemptsPerIp }]);
  const user = await findUserByUsername(db, input.username);
  if (!user) throw badRequest(AUTH_MESSAGES.resetCodeNone);

  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.userId, user.id))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  if (!reset) throw badRequest(AUTH_MESSAGES.resetCodeNone);
  if (reset.failedAttempts >= RESET_CODE_MAX_WRONG_ATTEMPTS) throw badRequest(AUTH_MESSAGES.resetCodeTooManyAttempts);
  if (reset.used) throw badRequest(AUTH_MESSAGES.resetCodeUsed);
  if (reset.expiresAt.getTime() <= context.now.getTime()) throw badRequest(AUTH_MESSAGES.resetCodeExpired);

  if (!sameDigest(reset.token, hashResetCode(input.token))) {
    // Counted atomically; the fifth wrong code also spends the reset.
    const [counted] = await db
      .update(passwordResets)
      .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
      .where(and(eq(passwordResets.id, reset.id), eq(passwordResets.used, false)))
      .returning({ failedAttempts: passwordResets.failedAttempts });
    if (counted && counted.failedAttempts >= RESET_CODE_MAX_WRONG_ATTEMPTS) {
      await db.update(passwordResets).set({ used: true }).where(eq(passwordResets.id, reset.id));
      throw badRequest(AUTH_MESSAGES.resetCodeTooManyAttempts);
    }
    throw badRequest(AUTH_MESSAGES.resetCodeInvalid);
  }

  const passwordHash = await hashPassword(input.newPassword);
  const token = await db.transaction(async (tx) => {
    // Claiming the code and changing the password happen together or not at all; a concurrent second use
    // of the same code finds it already used.
    const claimed = await tx
      .update(passwordResets)
      .set({ used: true })
      .where(
        and(
          eq(passwordResets.id, reset.id),
          eq(passwordResets.used, false),
          sql`${passwordResets.failedAttempts} < ${RESET_CODE_MAX_WRONG_ATTEMPTS}`,
        ),
      )
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) throw badRequest(AUTH_MESSAGES.resetCodeUsed);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await deleteUserSessions(tx as unknown as Db, user.id);
    return (await createSession(tx as unknown as Db, user.id)).token;
  });
  // Whoever holds the mailed code owns the account again: forget its failed sign-ins.
  await clearBuckets(db, [`login-user:${user.username.toLowerCase()}`]);
  return { user: toCurrentUser(user), token };
}
