/**
 * BENCH_WORKERS=N > 1: N cluster workers, each the whole app (serve-app.ts), sharing one port as server/src/cluster.ts
 * runs them for `npm start` with WEB_CONCURRENCY=N. This supervisor speaks serve-app.ts's IPC to bench/run.ts:
 * it says the address (with the workers' pids, so run.ts counts their CPU) once every worker listens and has a
 * warm story index; 'memory' sums the workers; 'reconcile' and the plain query go to the first worker; 'stop'
 * stops them all.
 */
import cluster, { type Worker } from 'node:cluster';

export async function supervise(count: number): Promise<void> {
  const workers: Worker[] = Array.from({ length: count }, () => cluster.fork());
  let stopping = false;
  cluster.on('exit', (worker, code) => {
    if (!stopping) {
      console.error(`bench worker ${worker.process.pid} exited with ${code}`);
      process.exit(1);
    }
  });

  /** The next message from `worker` carrying `key`. */
  const next = <T>(worker: Worker, key: string) =>
    new Promise<T>((resolve) => {
      const onMessage = (message: Record<string, unknown> | null) => {
        if (message && key in message) {
          worker.off('message', onMessage);
          resolve(message[key] as T);
        }
      };
      worker.on('message', onMessage);
    });

  const listening = workers.map((worker) => next<string>(worker, 'address'));
  const warm = workers.map((worker) => next<boolean>(worker, 'indexWarm'));
  const [address] = await Promise.all(listening);
  await Promise.all(warm);
  process.send?.({ address, workerPids: workers.map((worker) => worker.process.pid) });

  process.on('message', (message: unknown) => void answer(message));
  async function answer(message: unknown) {
    if (message === 'stop') {
      stopping = true;
      await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve).send('stop'))));
      process.exit(0);
    }
    if (message === 'memory') {
      const each = await Promise.all(
        workers.map((worker) => (worker.send('memory'), next<{ rss: number; heapUsed: number }>(worker, 'memory'))),
      );
      process.send?.({ memory: { rss: sum(each.map((m) => m.rss)), heapUsed: sum(each.map((m) => m.heapUsed)) } });
    }
    if (message === 'reconcile') {
      workers[0]!.send('reconcile');
      process.send?.({ reconciledMs: await next<number>(workers[0]!, 'reconciledMs') });
    }
    if ((message as { plain?: unknown } | null)?.plain) {
      workers[0]!.send(message as object);
      process.send?.({ plainResult: await next<unknown>(workers[0]!, 'plainResult') });
    }
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
