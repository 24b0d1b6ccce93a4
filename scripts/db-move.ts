/**
 * npm run db:move -- --to postgres://user@host/db [--from DATA_DIR]
 * Copies the embedded database into an empty PostgreSQL + PostGIS database and verifies it (docs/operations.md).
 * Stop the app first: PGlite's files belong to one process at a time.
 */
import { moveDatabase } from '../server/src/ops/db-move';
import { readArgs, runScript, textArg } from '../server/src/ops/cli-args';

runScript(async () => {
  const args = readArgs(process.argv.slice(2), ['to', 'from']);
  const to = textArg(args, 'to');
  if (!to) throw new Error('Usage: npm run db:move -- --to postgres://… [--from DATA_DIR]');
  const from = textArg(args, 'from') ?? process.env.DATA_DIR ?? './data';
  const reports = await moveDatabase({ fromDataDir: from, toUrl: to, log: (line) => console.log(line) });
  const rows = reports.reduce((sum, r) => sum + r.rows, 0);
  console.log(`Done: ${reports.length} tables, ${rows} rows, every count and checksum verified.`);
  console.log('Now set DATABASE_URL to the new database and start the app.');
});
