/**
 * The offline gazetteer's figures (docs/decisions/040-offline-gazetteer.md): what it adds to a process's start
 * and memory, and how fast the place search answers.
 *
 *   npx tsx bench/places.ts [--queries 20000] [--runs 3]
 *
 * Start and memory are measured in fresh child processes (one loading the gazetteer and its indexes, one not),
 * each after a full garbage collection; the search runs here, over queries typed as a person types them (every
 * prefix of 2,000 random place names, a quarter of them with one letter changed), after a warm-up.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadGazetteer } from '../server/src/modules/places/gazetteer';
import { createPlaceService } from '../server/src/modules/places/place-service';

const QUERY_COUNT = Number(process.argv[process.argv.indexOf('--queries') + 1]) || 20_000;
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const here = fileURLToPath(import.meta.url);

if (process.argv.includes('--child')) {
  // One measured process: with `load`, the gazetteer is read and indexed; either way RSS after a full GC.
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  if (process.argv.includes('load')) {
    const service = createPlaceService(loadGazetteer());
    service.search('warm');
    (globalThis as { keep?: unknown }).keep = service;
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  // A serving process's young generation has grown to its maximum after its first few hundred requests; both
  // children grow theirs the same way first, so the difference is what the gazetteer keeps, not the young
  // generation its loading happened to grow (~30 MB of RSS that any busy server has anyway).
  if (process.argv.includes('serving')) churnYoungGeneration();
  // Freed array buffers' memory is returned by a background task after a collection: settle, then measure.
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, rss, heapUsed, external }));
  process.exit(0);
}

/** Short-lived garbage, as request handling makes: grows the young generation to its maximum. */
function churnYoungGeneration() {
  const recent: { round: number; text: string }[] = [];
  for (let round = 0; round < 3_000_000; round++) {
    recent.push({ round, text: `request ${round}` });
    if (recent.length === 10_000) recent.length = 0;
  }
  return recent.length;
}

interface ChildFigures {
  ms: number;
  cpuMs: number;
  rss: number;
  heapUsed: number;
  external: number;
}

function child(load: boolean, serving = false): ChildFigures {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', here, '--child', ...(load ? ['load'] : []), ...(serving ? ['serving'] : [])],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(output) as ChildFigures;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(
  `load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
for (let run = 0; run < runs; run++) {
  const [without, withGazetteer] = [child(false), child(true)];
  const [servingWithout, servingWith] = [child(false, true), child(true, true)];
  console.log(
    `run ${run + 1}: start (read + index) ${Math.round(withGazetteer.ms)} ms wall, ${Math.round(withGazetteer.cpuMs)} ms CPU; ` +
      `after GC: RSS +${mb(withGazetteer.rss - without.rss)}, JS heap +${mb(withGazetteer.heapUsed - without.heapUsed)}, ` +
      `typed arrays and buffers +${mb(withGazetteer.external - without.external)}; ` +
      `both young generations grown as a serving process's: RSS +${mb(servingWith.rss - servingWithout.rss)}`,
  );
}

const gazetteer = loadGazetteer();
const service = createPlaceService(gazetteer);
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const queries: string[] = [];
while (queries.length < QUERY_COUNT) {
  let name = gazetteer.names[Math.floor(random() * gazetteer.count)]!;
  if (random() < 0.25 && name.length > 4) {
    const at = 1 + Math.floor(random() * (name.length - 1));
    name = `${name.slice(0, at)}${String.fromCharCode(97 + Math.floor(random() * 26))}${name.slice(at + 1)}`;
  }
  for (let length = 1; length <= name.length && queries.length < QUERY_COUNT; length++)
    queries.push(name.slice(0, length));
}
for (const query of queries.slice(0, 2000)) service.search(query);
// Wall time, and this thread's CPU time: on a loaded machine the wall time also counts the waits for a core.
const times: number[] = [];
const cpuTimes: number[] = [];
const slowest: { query: string; cpu: number }[] = [];
let results = 0;
for (const query of queries) {
  const cpuBefore = process.threadCpuUsage?.() ?? process.cpuUsage();
  const started = performance.now();
  results += service.search(query).length;
  times.push(performance.now() - started);
  const cpuAfter = process.threadCpuUsage?.() ?? process.cpuUsage();
  const cpu = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000;
  cpuTimes.push(cpu);
  slowest.push({ query, cpu });
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const figures = (sorted: number[]) =>
  `p50 ${percentile(sorted, 50).toFixed(3)} ms, p99 ${percentile(sorted, 99).toFixed(3)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
console.log(
  `place search over ${gazetteer.count.toLocaleString('en')} places, ${queries.length.toLocaleString('en')} as-you-type queries ` +
    `(${(results / queries.length).toFixed(1)} results each):\n  wall ${figures(times)}\n  CPU  ${figures(cpuTimes)}`,
);
slowest.sort((a, b) => b.cpu - a.cpu);
console.log(
  `  most CPU: ${slowest
    .slice(0, 5)
    .map(({ query, cpu }) => `"${query}" ${cpu.toFixed(1)} ms`)
    .join(', ')}`,
);
let nearest = 0;
const nameStarted = performance.now();
for (let at = 0; at < 20_000; at++) {
  if (service.nameAt({ latitude: -60 + random() * 130, longitude: -180 + random() * 360 })) nearest++;
}
console.log(
  `nearest-place name (uncached, random points): ${(((performance.now() - nameStarted) / 20_000) * 1000).toFixed(1)} µs each (${nearest} of 20,000 named)`,
);
