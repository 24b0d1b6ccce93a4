/**
 * A user's role and standing (docs/design.md, rule 18), read fresh from the users table on every call that needs
 * it — never from the session cache — so a promotion, demotion, suspension or ban holds from the next request on.
 */
import { sql } from 'drizzle-orm';
import type { Role } from '#common/moderation';
import type { Database } from './client';

export interface UserStanding {
  role: Role;
  suspendedUntil: Date | null;
  banned: boolean;
}

export async function userStanding(database: Database, userId: string): Promise<UserStanding | null> {
  const [row] = await database.query<{ role: Role; suspended_until: Date | string | null; banned: boolean }>(sql`
    SELECT role, suspended_until, banned_at IS NOT NULL AS banned FROM users WHERE id = ${userId}`);
  if (!row) return null;
  return {
    role: row.role,
    suspendedUntil: row.suspended_until === null ? null : new Date(row.suspended_until),
    banned: row.banned,
  };
}

/** Suspended (until a time still ahead) or banned: may read, may not publish, like or report. */
export function isRestricted(standing: UserStanding | null, now = new Date()): boolean {
  if (!standing) return false;
  return standing.banned || (standing.suspendedUntil !== null && standing.suspendedUntil.getTime() > now.getTime());
}
