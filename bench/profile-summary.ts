/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 30] [--by function|file] [--from s] [--to s]`: where a V8 CPU profile
 * (BENCH_CPU_PROFILE in bench/serve.ts) spent its samples — busy share, garbage collection, and the functions (or
 * files) with the most self time — so "where the time goes" can be read without opening DevTools. `--from`/`--to`
 * keep only the samples between those seconds from the profile's start (e.g. one measured round, not the index's load).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '30' },
    by: { type: 'string', default: 'function' },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
  },
});
if (!positionals[0])
  throw new Error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 30] [--by function|file]');
const profile = JSON.parse(fs.readFileSync(positionals[0], 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** Project files by their path from the repository; dependencies by package; V8's own entries by name. */
function fileOf(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0)
    return url
      .slice(modules + 14)
      .split('/')
      .slice(0, url.includes('/node_modules/@', modules) ? 2 : 1)
      .join('/');
  return url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
}

const selfMs = new Map<string, number>();
let totalMs = 0;
let elapsedMs = 0;
const [fromMs, toMs] = [Number(args.from) * 1000, Number(args.to) * 1000];
const special = { idle: 0, gc: 0, program: 0 };
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  elapsedMs += ms;
  if (elapsedMs < fromMs || elapsedMs > toMs) return;
  totalMs += ms;
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  if (functionName === '(idle)') {
    special.idle += ms;
    return;
  }
  if (functionName === '(garbage collector)') special.gc += ms;
  else if (functionName === '(program)') special.program += ms;
  const key = args.by === 'file' ? fileOf(url) : `${functionName || '(anonymous)'} ${fileOf(url)}:${lineNumber + 1}`;
  selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
});

const busyMs = totalMs - special.idle;
const pct = (ms: number, of: number) => `${((ms / of) * 100).toFixed(1)} %`;
console.log(
  `${(totalMs / 1000).toFixed(1)} s sampled: busy ${pct(busyMs, totalMs)}, of the busy time garbage collection ` +
    `${pct(special.gc, busyMs)}, V8/native (program) ${pct(special.program, busyMs)}`,
);
const rows = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top));
for (const [key, ms] of rows) console.log(`${ms.toFixed(0).padStart(8)} ms  ${pct(ms, busyMs).padStart(7)}  ${key}`);
