#!/usr/bin/env node
// `npm start`: builds the client when it is missing or older than its sources, then serves the whole app.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClientIfStale } from './client-build.mjs';

const root = path.resolve(import.meta.dirname, '..');

const buildStatus = buildClientIfStale();
if (buildStatus !== 0) process.exit(buildStatus);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
