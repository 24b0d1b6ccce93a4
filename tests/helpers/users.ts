/**
 * Test shortcut: a user row plus a session, straight through the database (no HTTP, no argon2 cost).
 * Returns the cookie header to send with app.inject. Tests of the auth routes themselves go through HTTP.
 */
import crypto from 'node:crypto';
import type { Database } from '../../server/src/db/client';
import { users } from '../../server/src/db/schema';
import { createSession, SESSION_COOKIE } from '../../server/src/modules/auth/session-store';

export interface TestUser {
  id: string;
  username: string;
  displayName: string;
  cookie: string;
}

export async function createTestUser(
  database: Database,
  fields: Partial<{
    username: string;
    displayName: string;
    email: string;
    isSetupComplete: boolean;
    createdAt: Date;
  }> = {},
): Promise<TestUser> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const username = fields.username ?? `user_${suffix}`;
  const [row] = await database.db
    .insert(users)
    .values({
      username,
      displayName: fields.displayName ?? `User ${suffix}`,
      email: fields.email ?? `${username}@example.test`,
      passwordHash: 'not-a-real-hash',
      isSetupComplete: fields.isSetupComplete ?? true,
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
    })
    .returning();
  const { token } = await createSession(database.db, row!.id);
  return { id: row!.id, username, displayName: row!.displayName, cookie: `${SESSION_COOKIE}=${token}` };
}
