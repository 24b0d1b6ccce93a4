/** The user:role script's work (scripts/user-role.ts): one role change through the moderation repository. */
import type { Role } from '#common/moderation';
import type { Database } from '../db/client';
import { createModerationRepository } from '../modules/moderation/plugin';

export async function setUserRole(
  database: Database,
  username: string,
  role: Role,
): Promise<{ username: string; role: Role }> {
  const result = await createModerationRepository(database).setRole(null, username, role);
  if (result === null) throw new Error(`No user named ${username}.`);
  if (result === 'last-admin') throw new Error('The last admin cannot give up the role.');
  return { username: result.username, role: result.role };
}
