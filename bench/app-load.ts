/**
 * The app side of `npm run bench`: the app in its own process (bench/serve.ts), started and waited for until its
 * story index (if it has one) is warm, and loaded by autocannon as realistic readers.
 *
 * Readers: connection c serves readers c, c + connections, … (distributions.ts scheduleFor); every reader sends its
 * own X-Forwarded-For address (the app runs with TRUST_PROXY=1), the readers of even connections are signed in
 * (a session cookie each), those of odd connections are visitors. So notifications (signed-in reads) and the
 * location checks (impossible travel, accuracy, unlock budget, per reader) all run as in production.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon, { type RawRequest } from 'autocannon';
import { scheduleFor, type Reader } from './distributions';
import { processCpuMs, type LoopResult } from './measure';

export interface AppProcess {
  child: ChildProcess;
  pid: number;
  /** Every process whose CPU is the app's: the app, or its cluster workers and their supervisor (--workers). */
  cpuPids: number[];
  address: string;
  /** ms from fork to the first 200 of /api/ready, and to the story index leaving "warming". */
  readyMs: number;
  indexReadyMs: number;
  /** checks.storyIndex as /api/ready last said it (undefined: the app has no index). */
  indexState: unknown;
}

/**
 * Forks bench/serve.ts with `env` and waits until it is ready and its story index is no longer warming (at most
 * `readyMinutes`: 10M stories take longer than 1M).
 */
export async function startApp(env: NodeJS.ProcessEnv, readyMinutes = 15): Promise<AppProcess> {
  const started = performance.now();
  const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TRUST_PROXY: '1', ...env },
  });
  let workerPids: number[] = [];
  const address = await new Promise<string>((resolve, reject) => {
    const onMessage = (m: unknown) => {
      const said = m as { address?: string; workerPids?: number[] } | null;
      if (said?.address) {
        child.off('message', onMessage);
        workerPids = said.workerPids ?? [];
        resolve(said.address);
      }
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
  });
  let readyMs = Number.NaN;
  let indexState: unknown;
  const deadline = Date.now() + readyMinutes * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the app did not become ready (or its index never warmed)');
    type ReadyAnswer = { ok: boolean; body: { checks?: Record<string, unknown> } };
    const answer = await fetch(`${address}/api/ready`).then(
      async (r): Promise<ReadyAnswer> => ({
        ok: r.ok,
        body: (await r.json().catch(() => ({}))) as ReadyAnswer['body'],
      }),
      (): ReadyAnswer => ({ ok: false, body: {} }),
    );
    if (answer.ok) {
      if (Number.isNaN(readyMs)) readyMs = performance.now() - started;
      indexState = answer.body.checks?.storyIndex;
      if (indexState !== 'warming') break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const cpuPids = [child.pid!, ...workerPids];
  return { child, pid: child.pid!, cpuPids, address, readyMs, indexReadyMs: performance.now() - started, indexState };
}

/** Asks the child a question over IPC and waits for the answer carrying `key`. */
export function ask<T>(child: ChildProcess, message: unknown, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && key in m) {
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve((m as Record<string, T>)[key]!);
      }
    };
    const onExit = (code: number | null) => reject(new Error(`app exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(message as never);
  });
}

export const appMemory = (app: AppProcess) => ask<{ rss: number; heapUsed: number }>(app.child, 'memory', 'memory');

/** Ms one reconciliation of the app's story index with the table takes (-1: the app has no index). */
export const appReconcile = (app: AppProcess) => ask<number>(app.child, 'reconcile', 'reconciledMs');

/** The plain query run inside the app's process (PGlite), `seconds` long. */
export const plainInApp = (app: AppProcess, readers: Reader[], connections: number, seconds: number) =>
  ask<LoopResult>(app.child, { plain: { seconds, connections, readers } }, 'plainResult');

export async function stopApp(app: AppProcess): Promise<void> {
  if (app.child.exitCode !== null) return;
  const exited = new Promise((resolve) => app.child.once('exit', resolve));
  app.child.send('stop');
  await exited;
}

export interface AnswerStats {
  answers: number;
  withStories: number;
  stories: number;
  bytes: number;
}

export interface AppLoad {
  readers: Reader[];
  /** Session cookie per signed-in reader (by reader index). */
  cookies: Map<number, string>;
  connections: number;
}

/** Readers on even connections are signed in. */
export const isSignedIn = (reader: Reader, connections: number) => (reader.index % connections) % 2 === 0;

export interface AppRun {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  seconds: number;
}

/**
 * Loads GET /api/stories/discoverable/:lat/:lng for `seconds` (or `amount` requests), each connection walking its
 * readers' positions. With `stats`, every answer is parsed and counted (only for the unmeasured first pass: the
 * parsing costs the load generator CPU).
 */
export async function loadApp(
  address: string,
  load: AppLoad,
  options: { seconds?: number; amount?: number; stats?: AnswerStats },
): Promise<AppRun> {
  let nextClient = 0;
  const { stats } = options;
  const result = await autocannon({
    url: address,
    connections: load.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
    requests: [{ method: 'GET', path: '/api/ready' }],
    setupClient(client) {
      const schedule = scheduleFor(load.readers, load.connections, nextClient++);
      let k = 0;
      client.setRequests([
        {
          method: 'GET',
          setupRequest(request: RawRequest) {
            const { reader, position } = schedule(k++);
            request.path = `/api/stories/discoverable/${position.latitude.toFixed(6)}/${position.longitude.toFixed(6)}?accuracy=15`;
            const cookie = load.cookies.get(reader.index);
            request.headers = {
              ...request.headers,
              'x-forwarded-for': reader.address,
              ...(cookie ? { cookie } : {}),
            };
            return request;
          },
          ...(stats
            ? {
                onResponse(status: number, body: string) {
                  if (status !== 200) return;
                  const n = (JSON.parse(body) as unknown[]).length;
                  stats.answers++;
                  stats.stories += n;
                  stats.bytes += Buffer.byteLength(body);
                  if (n > 0) stats.withStories++;
                },
              }
            : {}),
        },
      ]);
    },
  });
  const seconds = result.duration || options.seconds || 1;
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    seconds,
  };
}

/** The CPU ms of `pids` (the app's processes) around `work`. */
export async function withProcessCpu<T>(pids: readonly number[], work: () => Promise<T>): Promise<[T, number]> {
  const cpu = () => pids.reduce((total, pid) => total + processCpuMs(pid), 0);
  const before = cpu();
  const value = await work();
  return [value, cpu() - before];
}
