/** Real server processes for tests (main.ts under tsx), a free port, a fresh PostgreSQL database. */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from '../setup/global-db';

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      TEST_DATABASE_URL: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export async function waitForReady(baseUrl: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${baseUrl} did not become ready`);
}

/** The PostgreSQL server tests may create databases on (TEST_DATABASE_URL's, else the local one). */
const postgresServerUrl = (): string => process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new empty database; `drop()` removes it (and any connection still open to it). */
export async function createScratchDatabase(
  label: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `whispers_${label}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresServerUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(postgresServerUrl(), name),
    async drop() {
      const client = new pg.Client({ connectionString: postgresServerUrl() });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
