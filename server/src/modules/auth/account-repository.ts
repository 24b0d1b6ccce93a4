/**
 * The account tables: users, sessions (session-store.ts), password resets and the throttle counters
 * (throttle.ts), bound to one database. The account service asks; only this module and the stores it uses
 * touch the database.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { RESET_CODE_MAX_WRONG_ATTEMPTS } from './reset-codes';
import { createSession, deleteSession, deleteUserSessions, type SessionUser } from './session-store';
import { admit, clearBuckets, clearBucketsStartingWith, forget, type ThrottleCheck } from './throttle';

const lowerEquals = (column: typeof users.username | typeof users.email, value: string) =>
  sql`lower(${column}) = lower(${value})`;

export type PasswordReset = typeof passwordResets.$inferSelect;
export type AccountRepository = ReturnType<typeof createAccountRepository>;

export function createAccountRepository(database: Database) {
  const { db } = database;

  async function findByUsername(username: string): Promise<SessionUser | undefined> {
    const rows = await db.select().from(users).where(lowerEquals(users.username, username)).limit(1);
    return rows[0];
  }

  return {
    findByUsername,

    async emailTaken(email: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(lowerEquals(users.email, email)).limit(1);
      return rows.length > 0;
    },

    /** Case-insensitively taken by another account than `userId`. */
    async usernameTakenByOther(username: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(lowerEquals(users.username, username), ne(users.id, userId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Throws the driver's unique violation when the username or email was taken meanwhile. */
    async insertUser(values: { username: string; displayName: string; email: string; passwordHash: string }) {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateProfile(
      userId: string,
      fields: {
        username: string;
        displayName: string;
        bio: string | null;
        favoriteStoryType: string | null;
        language?: string;
      },
    ): Promise<SessionUser | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...fields, isSetupComplete: true, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /** The user's language alone (the interface's switcher): the rest of the profile stays as it is. */
    async updateLanguage(userId: string, language: string): Promise<SessionUser | undefined> {
      const [row] = await db
        .update(users)
        .set({ language, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /** A fresh session (a new token every time: no session fixation), ending the one the browser had. */
    async startSession(userId: string, previousToken: string | undefined) {
      if (previousToken) await deleteSession(db, previousToken);
      return createSession(db, userId);
    },

    /** Counts an attempt, or throws 429 with Retry-After (throttle.ts); returns the events written. */
    admit: (checks: ThrottleCheck[], message: (retryIn: string) => string, now: Date) =>
      admit(db, checks, message, now),
    forgetEvents: (ids: string[]) => forget(db, ids),
    clearBuckets: (buckets: string[]) => clearBuckets(db, buckets),
    clearBucketsStartingWith: (prefix: string) => clearBucketsStartingWith(db, prefix),

    /** Stores a new reset code for the user; earlier unused ones stop working. Returns its id. */
    async replaceResetCode(userId: string, codeHash: string, expiresAt: Date, createdAt: Date): Promise<string> {
      return database.transaction(async ({ db: tx }) => {
        await tx
          .update(passwordResets)
          .set({ used: true })
          .where(and(eq(passwordResets.userId, userId), eq(passwordResets.used, false)));
        const [row] = await tx
          .insert(passwordResets)
          .values({ userId, token: codeHash, expiresAt, createdAt })
          .returning({ id: passwordResets.id });
        if (!row) throw new Error('insert returned no row');
        return row.id;
      });
    },

    async deleteReset(resetId: string): Promise<void> {
      await db.delete(passwordResets).where(eq(passwordResets.id, resetId));
    },

    async latestReset(userId: string): Promise<PasswordReset | undefined> {
      const [reset] = await db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, userId))
        .orderBy(desc(passwordResets.createdAt))
        .limit(1);
      return reset;
    },

    /** Counts a wrong code atomically; the count after it, or undefined when the code is already spent. */
    async countWrongCode(resetId: string): Promise<number | undefined> {
      const [counted] = await db
        .update(passwordResets)
        .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
        .where(and(eq(passwordResets.id, resetId), eq(passwordResets.used, false)))
        .returning({ failedAttempts: passwordResets.failedAttempts });
      return counted?.failedAttempts;
    },

    async spendReset(resetId: string): Promise<void> {
      await db.update(passwordResets).set({ used: true }).where(eq(passwordResets.id, resetId));
    },

    /**
     * Claims the code and changes the password together or not at all, ends every session of the account and
     * opens a new one. Null when the code was claimed meanwhile (a concurrent second use finds it used).
     */
    async completeReset(resetId: string, userId: string, passwordHash: string): Promise<string | null> {
      return database.transaction(async ({ db: tx }) => {
        const claimed = await tx
          .update(passwordResets)
          .set({ used: true })
          .where(
            and(
              eq(passwordResets.id, resetId),
              eq(passwordResets.used, false),
              sql`${passwordResets.failedAttempts} < ${RESET_CODE_MAX_WRONG_ATTEMPTS}`,
            ),
          )
          .returning({ id: passwordResets.id });
        if (claimed.length === 0) return null;
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
        await deleteUserSessions(tx, userId);
        return (await createSession(tx, userId)).token;
      });
    },

    async endSession(token: string): Promise<void> {
      await deleteSession(db, token);
    },
  };
}
