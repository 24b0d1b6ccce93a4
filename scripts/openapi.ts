/**
 * npm run openapi -- [--out FILE]
 * Writes the OpenAPI document the app serves at /api/docs/openapi.json (default openapi.json in a new temporary
 * folder) and lints it with Redocly CLI's recommended rules (redocly.yaml); exits non-zero on any error.
 * The app is built against a throwaway embedded database, so nothing else needs to run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { readArgs, runScript, textArg } from '../server/src/ops/cli-args';

runScript(async () => {
  const args = readArgs(process.argv.slice(2), ['out']);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-openapi-'));
  const out = textArg(args, 'out') ?? path.join(dataDir, 'openapi.json');
  const app = await buildApp(
    loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: '' }),
  );
  try {
    const res = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    await fs.writeFile(out, res.body);
  } finally {
    await app.close();
  }
  console.log(`OpenAPI document written to ${out}`);
  const lint = spawnSync('npx', ['redocly', 'lint', out], { stdio: 'inherit' });
  if (lint.status !== 0) throw new Error('Redocly lint found errors.');
});
