/**
 * Cluster mode (WEB_CONCURRENCY=N > 1, docs/operations.md): this process becomes a small supervisor that forks N workers
 * (node:cluster); each runs the whole app and they share the listening port, so one machine's cores all serve.
 * Only with DATABASE_URL (config.ts refuses it otherwise): PGlite's data directory belongs to one process.
 *
 * The supervisor replaces a worker that dies unexpectedly (but gives up if they keep dying: a crash loop needs a
 * human), and on SIGTERM/SIGINT passes the signal on and waits for every worker to finish its requests.
 */
import cluster, { type Worker } from 'node:cluster';

/** More crashes than this inside the window means something is wrong beyond one bad request. */
const CRASH_LIMIT = 5;
const CRASH_WINDOW_MS = 60_000;
const SHUTDOWN_TIMEOUT_MS = 15_000;

/** One JSON line like the workers' pino lines, so log collectors read the supervisor the same way. */
function log(level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown> = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  console.log(
    JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, role: 'supervisor', msg, ...extra }),
  );
}

export function runSupervisor(workers: number): void {
  let stopping = false;
  const crashes: number[] = [];

  const fork = (): Worker => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  log('info', `started ${workers} workers`, { workers });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log('info', 'all workers stopped');
        process.exit(0);
      }
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && now - crashes[0]! > CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length > CRASH_LIMIT) {
      log('error', `workers keep exiting (${crashes.length} in ${CRASH_WINDOW_MS / 1000} s): stopping`, {
        code,
        signal,
      });
      stop('crash loop', 1);
      return;
    }
    log('warn', 'worker exited unexpectedly: starting a new one', { workerPid: worker.process.pid, code, signal });
    setTimeout(fork, 500);
  });

  const stop = (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log('info', `shutting down workers (${reason})`);
    const remaining = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (remaining.length === 0) process.exit(exitCode);
    // Each worker drains its in-flight requests on SIGTERM (main.ts) and exits.
    for (const worker of remaining) worker.process.kill('SIGTERM');
    if (exitCode !== 0)
      cluster.on('exit', () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(exitCode));
    setTimeout(() => {
      log('error', `workers did not stop within ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => stop('SIGHUP'));
}

export const isClusterSupervisor = (workers: number): boolean => workers > 1 && cluster.isPrimary;
