/**
 * The real process: `main.ts` starts on a port, refuses a bad configuration with a clear message, shuts down
 * cleanly on SIGTERM and keeps its data across a restart (embedded PGlite under DATA_DIR).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      TEST_DATABASE_URL: '',
      DATABASE_URL: '',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(baseUrl: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

describe('server process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
  });

  it('stops at start-up with a clear message for a bad configuration', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:[\s\S]*PORT/);
  });

  it('serves, drains on SIGTERM, and keeps data across a restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-main-'));
    dirs.push(dataDir);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;

    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(baseUrl);
    const register = await fetch(`${baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'persistent',
        displayName: 'Persistent One',
        email: 'p@example.test',
        password: 'secret123',
      }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers.get('set-cookie')!.split(';')[0]!;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/shutting down/);

    const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
    try {
      await waitForHealth(baseUrl);
      const current = await fetch(`${baseUrl}/api/user/current`, { headers: { cookie } });
      expect(current.status).toBe(200);
      expect((await current.json()).username).toBe('persistent');
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 300_000);
});
