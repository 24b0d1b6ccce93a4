/**
 * npm run media:move [-- --from DATA_DIR]
 * Copies story media from the local store (DATA_DIR/media) into the object store named by the S3_* settings,
 * then checks every size. Safe to run again: objects already there at the same size are skipped. Run it before
 * switching the app to S3_*, and once more after (while the app is stopped) to catch the last uploads.
 */
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { createLocalMediaStore, createMediaStore } from '../server/src/media/media-store';
import { readArgs, runScript, textArg } from '../server/src/ops/cli-args';
import { copyMedia } from '../server/src/ops/media-copy';

runScript(async () => {
  const args = readArgs(process.argv.slice(2), ['from']);
  const config = loadConfig({ ...process.env, ...(textArg(args, 'from') ? { DATA_DIR: textArg(args, 'from') } : {}) });
  if (!config.s3) throw new Error('Set S3_BUCKET (and the other S3_ settings) to the object store to copy into.');
  const from = createLocalMediaStore(path.join(config.dataDir, 'media'));
  const report = await copyMedia(from, createMediaStore(config), (line) => console.log(line));
  console.log(`Done: ${report.copied} objects copied (${report.bytes} bytes), ${report.skipped} already there.`);
});
