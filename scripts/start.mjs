#!/usr/bin/env node
// `npm start`: builds the client when it is missing or older than its sources, then serves the whole app.
// Signals (docs/security.md, "Hardening, third round"): SIGTERM, SIGINT and SIGHUP are passed on to the server, and this process exits with
// the server's code, or 128 + the signal's number when the server died by a signal (so a supervisor's
// `Restart=on-failure` restarts it). The server is started with an IPC channel and stops when this process is gone
// (server/src/parent-watch.ts), so killing this process never leaves an orphan holding the port. A supervisor or
// container runs `node scripts/start.mjs` itself (npm and sh in between do not pass every signal on).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildClientIfStale } from './client-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const FORWARDED_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

// START_SKIP_BUILD=1: serve the client as it was built (a container image built it already; the signal tests).
if (process.env.START_SKIP_BUILD !== '1') {
  const buildStatus = buildClientIfStale();
  if (buildStatus !== 0) process.exit(buildStatus);
}

// START_SERVER_ENTRY: only for scripts/start-signals.unit.test.ts, which starts a small stand-in instead.
const entry = process.env.START_SERVER_ENTRY || 'server/src/main.ts';
const server = spawn(process.execPath, ['--import', 'tsx', entry], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of FORWARDED_SIGNALS) process.on(signal, () => server.kill(signal));
// Started by `npm start` and npm itself killed (SIGKILL): this process is handed to another parent. It then stops
// the server as on SIGTERM, since nothing supervises either any longer.
const startedBy = process.ppid;
setInterval(() => {
  if (process.ppid !== startedBy) server.kill('SIGTERM');
}, 1000).unref();
server.on('exit', (code, signal) => process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1)));
