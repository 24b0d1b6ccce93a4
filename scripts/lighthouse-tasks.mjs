#!/usr/bin/env node
// The page's main-thread tasks from a trace `npm run lighthouse` kept (LIGHTHOUSE_JSON_DIR=dir writes
// <page>.trace.json beside each report): every top-level task of 5 ms or more after the navigation, with what it
// ran (scripts evaluated, functions called and from where, timers, style and layout), its length as observed and
// at Lighthouse's 4× CPU slowdown, and what it adds to total blocking time there (the part over 50 ms) — the
// simulated metric multiplies each observed task by four, so a task over 12.5 ms here blocks on the phone.
//   node scripts/lighthouse-tasks.mjs dir/home.trace.json [--min 5]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { min: { type: 'string', default: '5' } },
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/lighthouse-tasks.mjs <page>.trace.json [--min ms]');
  process.exit(2);
}
const trace = JSON.parse(fs.readFileSync(positionals[0], 'utf8'));
const events = trace.traceEvents ?? trace;
const SLOWDOWN = 4;
const minMs = Number(args.min);

// The renderer's main thread: the one that committed the navigation.
const navigation = events.find(
  (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL,
);
if (!navigation) throw new Error('no main-frame navigationStart in this trace');
const onMain = (e) => e.pid === navigation.pid && e.tid === navigation.tid;
const t0 = navigation.ts;
const paint = events.find((e) => onMain(e) && e.name === 'firstContentfulPaint' && e.ts >= t0);
const lcp = events.filter((e) => onMain(e) && e.name === 'largestContentfulPaint::Candidate' && e.ts >= t0).at(-1);
const ms = (us) => us / 1000;

const inner = events.filter((e) => onMain(e) && e.ph === 'X' && e.ts >= t0 && e.name !== 'RunTask');
const tasks = events
  .filter((e) => onMain(e) && e.ph === 'X' && e.name === 'RunTask' && e.ts >= t0 && ms(e.dur) >= minMs)
  .sort((a, b) => a.ts - b.ts);

function describe(task) {
  const parts = [];
  for (const e of inner) {
    if (e.ts < task.ts || e.ts >= task.ts + task.dur || ms(e.dur ?? 0) < 1) continue;
    const data = e.args?.data ?? {};
    const where = data.url ? path.basename(data.url.split('?')[0]) : '';
    switch (e.name) {
      case 'v8.evaluateModule':
      case 'EvaluateScript':
        parts.push(`evaluate ${where || data.url || ''} ${ms(e.dur).toFixed(0)}`);
        break;
      case 'FunctionCall':
        parts.push(`call ${data.functionName || '(anonymous)'}@${where} ${ms(e.dur).toFixed(0)}`);
        break;
      case 'TimerFire':
      case 'FireAnimationFrame':
      case 'FireIdleCallback':
      case 'EventDispatch':
      case 'XHRReadyStateChange':
      case 'RunMicrotasks':
      case 'ParseHTML':
      case 'ParseAuthorStyleSheet':
      case 'UpdateLayoutTree':
      case 'Layout':
      case 'Paint':
      case 'MajorGC':
      case 'MinorGC':
      case 'v8.compile':
      case 'v8.compileModule':
        parts.push(`${e.name} ${ms(e.dur).toFixed(0)}`);
        break;
      default:
        break;
    }
  }
  return parts.slice(0, 10).join(', ');
}

const fcpAt = paint ? paint.ts : t0;
let blocking = 0;
console.log(
  `first contentful paint ${paint ? ms(paint.ts - t0).toFixed(0) : '?'} ms, last LCP candidate ${lcp ? ms(lcp.ts - t0).toFixed(0) : '?'} ms (observed)`,
);
console.log('   start    task   ×4  blocks  what');
for (const task of tasks) {
  const slowed = ms(task.dur) * SLOWDOWN;
  const blocks = task.ts >= fcpAt ? Math.max(0, slowed - 50) : 0;
  blocking += blocks;
  console.log(
    `${ms(task.ts - t0)
      .toFixed(0)
      .padStart(
        8,
      )} ${ms(task.dur).toFixed(1).padStart(7)} ${slowed.toFixed(0).padStart(4)} ${blocks.toFixed(0).padStart(7)}  ${describe(task)}`,
  );
}
console.log(
  `tasks after the first paint, 4× slower, over 50 ms: ${blocking.toFixed(0)} ms (Lighthouse counts those up to its time to interactive)`,
);
