/**
 * What `npm run bench` measures with: CPU time from /proc (PostgreSQL backends of one database, one process),
 * latency percentiles, and N concurrent loops for a fixed time (the SQL side; bench/serve.ts runs the same loops
 * inside the app's process on PGlite).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a /proc/<pid>/stat line, in ms (fields 14 and 15; the name in parentheses may hold spaces). */
function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLK_TCK) * 1000;
}

/** CPU ms (user + system) used so far by one process, or NaN once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    return statCpuMs(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU ms used so far by each PostgreSQL backend connected to database `name` (their command line reads
 * "postgres: <user> <database> <client> <state>"), by pid, as bench/spatial-variants.ts reads them.
 */
export function backendCpu(name: string): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres:') || !cmdline.includes(` ${name} `)) continue;
      cpu.set(Number(pid), statCpuMs(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')));
    } catch {
      // The process ended meanwhile.
    }
  }
  return cpu;
}

/**
 * CPU ms the backends of database `name` used since `before` (a backendCpu reading): per backend, so one that
 * ended in between (a pool closing an idle connection) does not subtract what it had used before; a backend that
 * ended during the run loses its share of the run, so the pools measured stay open throughout.
 */
export function backendCpuSince(name: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of backendCpu(name)) total += ms - (before.get(pid) ?? 0);
  return total;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** PostgreSQL backend CPU ms per request (NaN on PGlite). */
  pgCpuMs: number;
  /** The app process's CPU ms per request (app runs; the child itself on PGlite). */
  appCpuMs: number;
  /** The load generator's CPU ms per query (SQL runs from Node on PostgreSQL). */
  clientCpuMs: number;
}

export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export interface LoopResult {
  requests: number;
  errors: number;
  rows: number;
  seconds: number;
  p50: number;
  p99: number;
}

/**
 * `connections` loops, each running its next call as soon as the previous one returned, for `seconds`.
 * `run(c, k)` is loop c's k-th call and returns the number of rows it got.
 */
export async function runLoops(
  connections: number,
  seconds: number,
  run: (c: number, k: number) => Promise<number>,
): Promise<LoopResult> {
  const latencies: number[] = [];
  let errors = 0;
  let rows = 0;
  let firstError: unknown;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let k = 0; performance.now() < deadline; k++) {
        const t0 = performance.now();
        try {
          rows += await run(c, k);
        } catch (error) {
          firstError ??= error;
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  if (firstError) console.error('  first error:', firstError);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rows,
    seconds: elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

const ms = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : '–');

/** One line per run: throughput, latency, errors, CPU per request. */
export function formatFigures(f: Figures): string {
  const cpu = [
    Number.isFinite(f.pgCpuMs) ? `PG CPU ${ms(f.pgCpuMs, 3)} ms/req` : '',
    Number.isFinite(f.appCpuMs) ? `app CPU ${ms(f.appCpuMs, 3)} ms/req` : '',
    Number.isFinite(f.clientCpuMs) ? `client CPU ${ms(f.clientCpuMs, 3)} ms/q` : '',
  ].filter(Boolean);
  return (
    `${f.rps.toFixed(0).padStart(5)} req/s  p50 ${ms(f.p50).padStart(6)} ms  p99 ${ms(f.p99).padStart(6)} ms  ` +
    `${f.errors} errors / ${f.requests}  ${cpu.join('  ')}`
  );
}

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);
