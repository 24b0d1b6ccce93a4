/**
 * npm run restore -- --from DIR
 * Restores a backup into the configured database (DATABASE_URL, or a new embedded one under DATA_DIR), which
 * must be empty, and the configured media store; every table is verified against the backup's checksums.
 */
import { readArgs, runScript, textArg } from '../server/src/ops/cli-args';
import { openOpsTargets } from '../server/src/ops/ops-targets';
import { restoreBackup } from '../server/src/ops/backup';

runScript(async () => {
  const args = readArgs(process.argv.slice(2), ['from']);
  const fromDir = textArg(args, 'from');
  if (!fromDir) throw new Error('Usage: npm run restore -- --from DIR');
  const { database, store, close } = await openOpsTargets(process.env, { migrate: true });
  try {
    const manifest = await restoreBackup({ database, store, fromDir, log: (line) => console.log(line) });
    console.log(`Restored the backup of ${manifest.createdAt}: ${manifest.tables.length} tables verified.`);
  } finally {
    await close();
  }
});
