/**
 * `scripts/start.mjs` starts the server with an IPC channel. When start.mjs goes away without passing a signal on
 * (SIGKILL, the out-of-memory killer), the channel closes: the server then stops as on SIGTERM (draining its
 * requests) instead of holding the port as an orphan nobody supervises (docs/security.md, "Hardening, third round").
 */
import cluster from 'node:cluster';

export function stopWhenParentExits(): void {
  // Cluster workers already exit with their primary; a server started without a channel has no parent to watch.
  if (!process.channel || cluster.isWorker) return;
  // The channel alone must not keep the process alive.
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
