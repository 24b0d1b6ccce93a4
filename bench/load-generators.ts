/**
 * The two load generators of bench/mixed-load.ts (`--arrivals steady|bursts`).
 *
 * steady (open loop): request i starts at `i / rate` seconds, whatever
 * the answers before it did, on one of `connections` keep-alive sockets; its latency is counted from that
 * scheduled start, so a slow answer cannot hide the requests that should have started meanwhile (no coordinated
 * omission). autocannon's `overallRate` instead lets each connection send its share of a second back to back at
 * the start of every second: all connections at once, so its p99 is the time to drain a burst of `connections`
 * requests, not the latency at that rate (bench/README.md "Mixed load: steady arrivals").
 */
import http from 'node:http';
import autocannon from 'autocannon';

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** One answered request, for the tail report (BENCH_TAIL=1, `tailReport`). */
export interface Answered {
  kind: string;
  /** Its scheduled start, ms from the run's start. */
  due: number;
  /** How late the generator sent it after `due` (its own event loop's delay). */
  sentLate: number;
  latency: number;
}

export interface LoadResult {
  requests: number;
  /** Answered requests per second over the run (from the first scheduled start to the last answer). */
  achievedRate: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** The first bytes of each distinct failing answer, with its count. */
  failures: Map<string, number>;
  /** Every answered request (steady arrivals only). */
  answered?: Answered[];
  /** The wall clock at the run's start (ms since the epoch). */
  startedAt?: number;
}

const TIMEOUT_MS = 30_000;

export interface LoadOptions {
  rate: number;
  seconds: number;
  connections: number;
  /** The next request of the mix. */
  next: () => RawRequest;
  /** A request's kind in the tail report. */
  kindOf?: (request: RawRequest) => string;
}

export async function steadyLoad(baseUrl: string, options: LoadOptions): Promise<LoadResult> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const statusCodes: Record<string, number> = {};
  const failures = new Map<string, number>();
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const start = performance.now();
  const startedAt = Date.now();
  let lastAnswer = start;
  const inFlight: Promise<void>[] = [];
  const answered: Answered[] = [];
  const kindOf = options.kindOf ?? ((request: RawRequest) => request.method);

  const send = (request: RawRequest, due: number) =>
    new Promise<void>((resolve) => {
      const sentLate = performance.now() - due;
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          headers: request.headers,
          agent,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const now = performance.now();
            lastAnswer = Math.max(lastAnswer, now);
            answered.push({ kind: kindOf(request), due: due - start, sentLate, latency: now - due });
            const status = res.statusCode ?? 0;
            statusCodes[status] = (statusCodes[status] ?? 0) + 1;
            if (status >= 400) {
              non2xx++;
              const key = `${status} ${Buffer.concat(chunks).toString('utf8').slice(0, 120)}`;
              failures.set(key, (failures.get(key) ?? 0) + 1);
            }
            resolve();
          });
        },
      );
      req.on('timeout', () => {
        timeouts++;
        req.destroy();
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      if (request.body) req.end(request.body);
      else req.end();
    });

  // Start every request whose time has come, then sleep until the next one is due (timers drift; the schedule does not).
  for (let i = 0; i < total;) {
    const now = performance.now();
    while (i < total && start + i * interval <= now) {
      inFlight.push(send(options.next(), start + i * interval));
      i++;
    }
    if (i < total)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + i * interval - performance.now())));
  }
  await Promise.all(inFlight);
  agent.destroy();

  const latencies = answered.map((a) => a.latency).sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length === 0
      ? 0
      : Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return {
    requests: latencies.length,
    achievedRate: latencies.length / ((lastAnswer - start) / 1000 || options.seconds),
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    errors,
    timeouts,
    non2xx,
    statusCodes,
    failures,
    answered,
    startedAt,
  };
}

/**
 * Where a run's tail is (BENCH_TAIL=1): the slowest 1 % of answers by kind, the seconds that held them, and how late
 * the generator itself sent requests (a stall of the load generator shows there, not in the app).
 */
export function tailReport(answered: Answered[], startedAt: number): string {
  if (answered.length === 0) return 'tail: no answers';
  const sorted = [...answered].sort((a, b) => b.latency - a.latency);
  const slowest = sorted.slice(0, Math.max(1, Math.floor(answered.length / 100)));
  const threshold = slowest.at(-1)!.latency;
  const count = (items: Answered[], key: (a: Answered) => string) => {
    const tally = new Map<string, number>();
    for (const item of items) tally.set(key(item), (tally.get(key(item)) ?? 0) + 1);
    return [...tally].sort((a, b) => b[1] - a[1]);
  };
  const all = new Map(count(answered, (a) => a.kind));
  const byKind = count(slowest, (a) => a.kind).map(([k, n]) => `${k} ${n} of ${all.get(k)}`);
  const clock = (a: Answered) => new Date(startedAt + Math.floor(a.due / 1000) * 1000).toISOString().slice(11, 19);
  const bySecond = count(slowest, clock).map(([s, n]) => `${s} ${n}`);
  const late = [...answered].sort((a, b) => b.sentLate - a.sentLate);
  const ms = (v: number) => `${Math.round(v)} ms`;
  return [
    `tail: the slowest ${slowest.length} answers (≥ ${ms(threshold)}), by kind: ${byKind.join(', ')}`,
    `tail: by second (when due, UTC): ${bySecond.slice(0, 12).join(', ')}`,
    `tail: generator lateness p99 ${ms(late[Math.floor(late.length / 100)]!.sentLate)}, max ${ms(late[0]!.sentLate)}`,
  ].join('\n');
}

/** autocannon at `overallRate`: each connection's share of a second sent back to back when the second starts. */
export async function burstLoad(baseUrl: string, options: LoadOptions): Promise<LoadResult> {
  const failures = new Map<string, number>();
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    overallRate: options.rate,
    timeout: TIMEOUT_MS / 1000,
    requests: [
      {
        setupRequest: () => options.next(),
        onResponse(status, body) {
          if (status < 400) return;
          const key = `${status} ${body.slice(0, 120)}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    achievedRate: result.requests.total / (result.duration || options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    failures,
  };
}
