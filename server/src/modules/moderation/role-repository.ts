/** Roles in SQL (docs/design.md, rule 18): admins give roles in the app or the CLI; the last admin stays one. */
import { sql } from 'drizzle-orm';
import type { Role } from '#common/moderation';
import type { Database } from '../../db/client';
import { audit } from './audit-log-repository';

export function roleQueries(database: Database) {
  return {
    /**
     * Gives `username` the role (admins in the app, or the CLI with `actorId` null). Refuses to leave no admin.
     * Returns null for an unknown user, 'last-admin' when the change would remove the last one.
     */
    async setRole(
      actorId: string | null,
      username: string,
      role: Role,
    ): Promise<{ id: string; username: string; role: Role } | null | 'last-admin'> {
      return database.transaction(async (tx) => {
        const [user] = await tx.query<{ id: string; username: string; role: Role }>(sql`
          SELECT id, username, role FROM users WHERE lower(username) = lower(${username}) FOR UPDATE`);
        if (!user) return null;
        if (user.role === 'admin' && role !== 'admin') {
          const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`,
          );
          if (n <= 1 && actorId !== null) return 'last-admin';
        }
        await tx.query(sql`UPDATE users SET role = ${role} WHERE id = ${user.id}`);
        await audit(tx, { actorId, event: 'role', subjectUserId: user.id, detail: `${user.role} → ${role}` });
        return { id: user.id, username: user.username, role };
      });
    },

    /**
     * Makes the named accounts (lower-cased usernames) admins unless they are already: ADMIN_USERNAMES, at start-up
     * and at sign-up. Never demotes. Each promotion is an audit line by no one ("ADMIN_USERNAMES" in its detail).
     */
    async grantConfiguredAdmins(usernames: readonly string[]): Promise<string[]> {
      if (usernames.length === 0) return [];
      return database.transaction(async (tx) => {
        const promoted = await tx.query<{ id: string; username: string; role: Role }>(sql`
          SELECT id, username, role FROM users
          WHERE lower(username) IN (${sql.join(
            usernames.map((name) => sql`${name}`),
            sql`, `,
          )}) AND role <> 'admin'
          FOR UPDATE`);
        for (const user of promoted) {
          await tx.query(sql`UPDATE users SET role = 'admin' WHERE id = ${user.id}`);
          await audit(tx, {
            actorId: null,
            event: 'role',
            subjectUserId: user.id,
            detail: `${user.role} → admin (ADMIN_USERNAMES)`,
          });
        }
        return promoted.map((user) => user.username);
      });
    },
  };
}
