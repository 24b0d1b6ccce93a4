/**
 * Routes in (docs/decisions/060-story-drafts-and-routes-in.md): parsing a 5,000-point GPX track into a planned
 * tour, goal ≤ 1 s and ≤ 50 MB extra memory; and a file over the size limit refused before parsing.
 * Run: npx tsx --expose-gc bench/route-import.ts
 */
import os from 'node:os';
import { parseRouteFile, ROUTE_IMPORT_MAX_BYTES } from '../server/src/modules/drafts/route-import';

const POINTS = 5_000;
const ROUNDS = 5;

function trackGpx(points: number): Uint8Array {
  const pts: string[] = [];
  for (let i = 0; i < points; i++) {
    const lat = (48.85 + i * 0.00005).toFixed(6);
    const lon = (2.35 + Math.sin(i / 50) * 0.001).toFixed(6);
    pts.push(`<trkpt lat="${lat}" lon="${lon}"><ele>35.0</ele><time>2026-12-07T10:00:00Z</time></trkpt>`);
  }
  const xml = `<?xml version="1.0"?><gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Bench</name><trkseg>${pts.join('\n')}</trkseg></trk></gpx>`;
  return new TextEncoder().encode(xml);
}

const gc = (globalThis as { gc?: () => void }).gc;
const file = trackGpx(POINTS);
const times: number[] = [];
let peakExtraMb = 0;
for (let round = 0; round < ROUNDS; round++) {
  gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const start = performance.now();
  const route = parseRouteFile(file, 'bench.gpx');
  times.push(performance.now() - start);
  const after = process.memoryUsage();
  peak = Math.max(peak, after.rss);
  clearInterval(sampler);
  const heapExtra = (after.heapUsed - before.heapUsed) / 1024 / 1024;
  peakExtraMb = Math.max(peakExtraMb, (peak - before.rss) / 1024 / 1024, heapExtra);
  if (route.path.length !== POINTS) throw new Error(`expected ${POINTS} points, got ${route.path.length}`);
}

const oversized = new Uint8Array(ROUTE_IMPORT_MAX_BYTES + 1).fill(0x3c);
const refuseStart = performance.now();
try {
  parseRouteFile(oversized);
  throw new Error('the oversized file was accepted');
} catch (error) {
  if (!(error instanceof Error) || !/too large/.test(error.message)) throw error;
}
const refuseMs = performance.now() - refuseStart;

const sorted = [...times].sort((a, b) => a - b);
console.log(`route import: ${POINTS}-point GPX track, ${(file.byteLength / 1024).toFixed(0)} KB, ${ROUNDS} rounds`);
console.log(
  `  parse ms: first ${times[0]!.toFixed(1)}, median ${sorted[Math.floor(ROUNDS / 2)]!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)} (goal ≤ 1000)`,
);
console.log(`  extra memory: ${peakExtraMb.toFixed(1)} MB at most (goal ≤ 50; ${gc ? 'with' : 'without'} --expose-gc)`);
console.log(
  `  oversized file (${ROUTE_IMPORT_MAX_BYTES + 1} bytes) refused in ${refuseMs.toFixed(2)} ms, before parsing`,
);
console.log(
  `  load average: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`,
);
