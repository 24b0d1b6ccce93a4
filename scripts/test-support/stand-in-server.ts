/**
 * A stand-in for server/src/main.ts in scripts/start-signals.unit.test.ts: it watches its parent exactly like the
 * server (the same parent-watch module), reports each signal it gets on stdout, and exits as the test asks.
 */
import { stopWhenParentExits } from '../../server/src/parent-watch';

stopWhenParentExits();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => {
    console.log(`stand-in got ${signal}`);
    process.exit(Number(process.env.STAND_IN_EXIT_CODE ?? 0));
  });
}
// Keeps running (like a listening server) until a signal.
setInterval(() => {}, 60_000);
console.log(`stand-in ready ${process.pid}`);
