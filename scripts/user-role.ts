/**
 * npm run user:role -- --username NAME --role moderator|admin|user
 * Grants or removes a role (docs/design.md, rule 18) on the embedded database under DATA_DIR or on DATABASE_URL —
 * the way a first admin is made. The change is written to the moderation audit log (actor: the command line).
 */
import { ROLES, type Role } from '../common/moderation';
import { readArgs, runScript, textArg } from '../server/src/ops/cli-args';
import { openOpsTargets } from '../server/src/ops/ops-targets';
import { setUserRole } from '../server/src/ops/user-role';

runScript(async () => {
  const args = readArgs(process.argv.slice(2), ['username', 'role']);
  const username = textArg(args, 'username');
  const role = textArg(args, 'role');
  if (!username || !role) throw new Error('Usage: npm run user:role -- --username NAME --role user|moderator|admin');
  if (!ROLES.includes(role as Role)) throw new Error(`--role must be one of: ${ROLES.join(', ')}`);
  const { database, close } = await openOpsTargets(process.env, { migrate: true });
  try {
    const result = await setUserRole(database, username, role as Role);
    console.log(`${result.username} is now ${result.role}.`);
  } finally {
    await close();
  }
});
