/**
 * The app under load, in its own process (bench/run.ts forks it) so the load generator does not share its
 * event loop: buildApp(config) exactly as production starts it, logger silent, rate limits off.
 * Environment: DATABASE_URL (PostgreSQL) or PGLITE_DIR, plus DATABASE_POOL_SIZE and DATA_DIR.
 */
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';

const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' });
const database = config.databaseUrl
  ? undefined
  : await openDatabase({ pgliteDir: process.env.PGLITE_DIR, migrate: false });
const app = await buildApp(config, { database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address });
async function stop() {
  await app.close();
  await database?.close();
  process.exit(0);
}
/** The process's memory for the soak (bench/mixed-load.ts): after a full collection when --expose-gc is on. */
function reportMemory() {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ memory: { rss, heapUsed } });
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
  if (message === 'memory') reportMemory();
});
