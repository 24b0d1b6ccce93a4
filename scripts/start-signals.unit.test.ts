/**
 * docs/security.md, "Hardening, third round": a supervisor's signal reaches the server however it was started, the exit status tells how the
 * server ended, and no server outlives the process that started it. Real processes: `node scripts/start.mjs` (and
 * `npm start`) with a stand-in for the server that watches its parent through the server's own parent-watch module.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const env = {
  ...process.env,
  START_SKIP_BUILD: '1',
  START_SERVER_ENTRY: 'scripts/test-support/stand-in-server.ts',
};

interface Started {
  starter: ChildProcess;
  /** The stand-in server's pid. */
  serverPid: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: Started[] = [];

async function start(command: 'start.mjs' | 'npm start', extraEnv: Record<string, string> = {}): Promise<Started> {
  const starter =
    command === 'npm start'
      ? spawn('npm', ['start', '--silent'], {
          cwd: root,
          env: { ...env, ...extraEnv },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(process.execPath, ['scripts/start.mjs'], {
          cwd: root,
          env: { ...env, ...extraEnv },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  let text = '';
  starter.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  starter.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    starter.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const serverPid = await vi.waitFor(
    () => {
      const match = /stand-in ready (\d+)/.exec(text);
      if (!match) throw new Error(`the stand-in has not started yet: ${text}`);
      return Number(match[1]);
    },
    { timeout: 20_000, interval: 50 },
  );
  const entry = { starter, serverPid, output: () => text, exited };
  started.push(entry);
  return entry;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number): Promise<void> {
  await vi.waitFor(() => expect(isRunning(pid), `process ${pid} still runs`).toBe(false), {
    timeout: 10_000,
    interval: 50,
  });
}

afterEach(() => {
  for (const { starter, serverPid } of started.splice(0)) {
    for (const pid of [serverPid, starter.pid]) if (pid && isRunning(pid)) process.kill(pid, 'SIGKILL');
  }
});

describe('node scripts/start.mjs (what a supervisor or container runs)', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'passes %s on to the server and exits with its code',
    async (signal) => {
      const run = await start('start.mjs');
      run.starter.kill(signal);
      expect(await run.exited).toEqual({ code: 0, signal: null });
      expect(run.output()).toContain(`stand-in got ${signal}`);
      await waitUntilGone(run.serverPid);
    },
    30_000,
  );

  it("exits with the server's own exit code", async () => {
    const run = await start('start.mjs', { STAND_IN_EXIT_CODE: '3' });
    run.starter.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 3, signal: null });
  }, 30_000);

  it('exits with 128 + 9 when the server is killed (SIGKILL, the out-of-memory killer), so Restart=on-failure restarts it', async () => {
    const run = await start('start.mjs');
    process.kill(run.serverPid, 'SIGKILL');
    expect(await run.exited).toEqual({ code: 137, signal: null });
  }, 30_000);

  it('exits with 128 + 12 when the server dies by a signal it does not handle (SIGUSR2)', async () => {
    const run = await start('start.mjs');
    // SIGUSR2 is not handled by the stand-in (nor by the server): its default action ends the process.
    process.kill(run.serverPid, 'SIGUSR2');
    expect(await run.exited).toEqual({ code: 128 + 12, signal: null });
  }, 30_000);

  it('leaves no orphan server when it is killed itself', async () => {
    const run = await start('start.mjs');
    run.starter.kill('SIGKILL');
    expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await waitUntilGone(run.serverPid);
    expect(run.output()).toContain('stand-in got SIGTERM');
  }, 30_000);
});

describe('npm start (npm → sh → start.mjs → server)', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to npm alone reaches the server, and everything stops',
    async (signal) => {
      const run = await start('npm start');
      run.starter.kill(signal);
      await run.exited;
      await waitUntilGone(run.serverPid);
      expect(run.output()).toContain(`stand-in got ${signal}`);
    },
    30_000,
  );

  it('SIGKILL to npm leaves neither start.mjs nor the server running', async () => {
    const run = await start('npm start');
    run.starter.kill('SIGKILL');
    await run.exited;
    await waitUntilGone(run.serverPid);
    expect(run.output()).toContain('stand-in got SIGTERM');
  }, 30_000);
});
