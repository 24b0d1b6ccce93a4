/**
 * Vitest global setup for the Web Push API tests: a throwaway TLS certificate for `localhost`, made once per run.
 * web-push only speaks https, so the local mock push service (tests/helpers/mock-push-service.ts) serves with this
 * certificate, and the test workers trust it through NODE_EXTRA_CA_CERTS — set here, before the workers start,
 * because Node reads it only at start-up. Nothing is trusted beyond this run: the files are deleted after it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pushTls: { keyPath: string; certPath: string };
  }
}

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-push-tls-'));
  const keyPath = path.join(dir, 'key.pem');
  const certPath = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  // What the workers trust: this certificate, plus whatever the machine already trusted on top of the defaults.
  const trustPath = path.join(dir, 'trust.pem');
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  const previous = extra && fs.existsSync(extra) ? `\n${fs.readFileSync(extra, 'utf8')}` : '';
  fs.writeFileSync(trustPath, fs.readFileSync(certPath, 'utf8') + previous);
  process.env.NODE_EXTRA_CA_CERTS = trustPath;
  project.provide('pushTls', { keyPath, certPath });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
