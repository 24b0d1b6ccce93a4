/** Process entry: read config, build the app, listen, and drain gracefully on SIGTERM/SIGINT/SIGHUP. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { isClusterSupervisor, runSupervisor } from './cluster';
import { logFormatFor, loggerOptions, runningLine } from './console-output';
import { stopWhenParentExits } from './parent-watch';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  stopWhenParentExits();

  // WEB_CONCURRENCY > 1 (docs/operations.md): this process supervises that many workers, each running the code below.
  if (isClusterSupervisor(config.webConcurrency)) return runSupervisor(config.webConcurrency);

  const startedAt = performance.now();
  const format = logFormatFor({ configured: config.logFormat, isTTY: process.stdout.isTTY === true });
  const app = await buildApp(config, { logger: loggerOptions(format, config.logLevel) });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: app.database.kind, dataDir: config.dataDir, ms: Math.round(performance.now() - startedAt) },
    'Whispers is ready',
  );
  // The one line a person looks for (docs/decisions/014-phone-round-2.md); in JSON it is a log line like any other.
  const running = runningLine(config.host, config.port);
  if (format === 'pretty') console.log(`\n  ${running}\n`);
  else app.log.info(running);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
