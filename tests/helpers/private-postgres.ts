/**
 * A throwaway PostgreSQL cluster of the test's own (initdb into a temp dir, trust auth, its own port), so a test
 * can stop and start a database server without touching the machine's shared one. As root the cluster belongs to
 * the `postgres` OS user (PostgreSQL refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

const DEFAULT_BIN_DIR = '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): void;
  /** A fast shutdown: clients are disconnected, the server stops listening. */
  stop(): void;
  /** Stops the server (when running) and removes its files. */
  destroy(): void;
}

export async function createPrivatePostgres(
  binDir = process.env.PG_BIN_DIR ?? DEFAULT_BIN_DIR,
): Promise<PrivatePostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-private-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (program: string, args: string[]) => {
    const binary = path.join(binDir, program);
    const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
    // cwd: runuser keeps it, and the postgres user may not read the test's own directory.
    execFileSync(command, commandArgs, { cwd: dir, stdio: 'pipe' });
  };
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // fsync off: the data is thrown away; sockets in /tmp, where the postgres user may write.
  const serverOptions = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop() {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) cluster.stop();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  cluster.start();
  return cluster;
}
