/**
 * What the browser benchmarks (bench/discover-main-thread.ts, bench/map-main-thread.ts) share: a tear-down list run
 * once on exit or on SIGINT/SIGTERM, the e2e tile stub, the app process stopped on tear-down, and the load average.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
let cleaning: Promise<void> | undefined;

/** Registers a tear-down step; steps run in reverse order of registration. */
export function onCleanup(step: () => Promise<unknown> | unknown) {
  cleanups.push(step);
}

export function cleanup() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('cleanup:', error);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanup().then(() => process.exit(130)));
}

/** The tile stub the e2e tests use (plain JS without types: imported by URL), closed on tear-down. */
export async function startTiles(root: string): Promise<{ url: string }> {
  const stubModule = pathToFileURL(path.join(root, 'tests/e2e/support/tile-stub.mjs')).href;
  const { startTileStub } = (await import(stubModule)) as {
    startTileStub: () => Promise<{ url: string; close: () => Promise<void> }>;
  };
  const tiles = await startTileStub();
  onCleanup(() => tiles.close());
  return tiles;
}

/** Stops the app process (bench/serve.ts) on tear-down: asked to stop, killed after 5 s. */
export function stopOnCleanup(child: ChildProcess) {
  onCleanup(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  });
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
