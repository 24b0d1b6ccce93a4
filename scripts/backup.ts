/**
 * npm run backup -- --out DIR
 * Backs up the database (DATABASE_URL, or the embedded one under DATA_DIR) and the media (S3_* or DATA_DIR/media)
 * into a new folder. With the embedded database, stop the app first (PGlite's files belong to one process).
 */
import { readArgs, runScript, textArg } from '../server/src/ops/cli-args';
import { openOpsTargets } from '../server/src/ops/ops-targets';
import { createBackup } from '../server/src/ops/backup';

runScript(async () => {
  const args = readArgs(process.argv.slice(2), ['out']);
  const outDir = textArg(args, 'out');
  if (!outDir) throw new Error('Usage: npm run backup -- --out DIR');
  const { database, store, close } = await openOpsTargets(process.env, { migrate: false });
  try {
    const manifest = await createBackup({ database, store, outDir, log: (line) => console.log(line) });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backup written to ${outDir}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.media.copied} media files.`,
    );
  } finally {
    await close();
  }
});
