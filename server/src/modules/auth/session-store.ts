/**
 * Sessions (docs/design.md): an opaque random token lives only in the visitor's HttpOnly cookie; the database keeps
 * its SHA-256. Sessions expire after 30 idle days and at most 90 days after sign-in.
 */
import crypto from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { servedOverHttps, type Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const SESSION_COOKIE = 'whispers_session';
/**
 * The name over HTTPS: the `__Host-` prefix makes browsers accept the cookie only when it is Secure, has Path=/
 * and no Domain, so a sibling subdomain or a plain-HTTP page cannot set or shadow it.
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's one name for this deployment; a cookie under the other name is ignored. */
export const sessionCookieName = (config: Pick<Config, 'cookieSecure' | 'publicUrl'>): string =>
  servedOverHttps(config) ? HOST_SESSION_COOKIE : SESSION_COOKIE;
const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 3600 * 1000;
/** Refresh last_seen_at at most this often, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

/** What the database keeps of a token (and what the in-process session cache is keyed by). */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The signed-in user for a cookie token, or null when missing, unknown, idle too long or past its end. */
export async function findSessionUser(
  db: Db,
  token: string | undefined,
): Promise<{ sessionId: string; user: SessionUser } | null> {
  if (!token || token.length > 200) return null;
  const now = new Date();
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, row.session.id));
  }
  return { sessionId: row.session.id, user: row.user };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user except, optionally, one to keep (used after a password reset). */
export async function deleteUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}
