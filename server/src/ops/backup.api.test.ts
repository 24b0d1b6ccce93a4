/**
 * npm run backup / restore round trips: embedded database + local media → backup → PostgreSQL + bucket, and
 * back from there → backup → a new embedded database + local media; the app reads the same data each time.
 * The scripts themselves are run as processes once, as an operator would.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '#tests/helpers/processes';
import { startS3StandIn, type S3StandIn } from '#tests/helpers/s3-stand-in';
import { readManifest } from './backup';
import { appFor, expectSeededReads, seedEmbeddedDataDir, type Seeded } from './test-support/seed-embedded';

const root = path.resolve(import.meta.dirname, '../../..');

/** Runs a script as its own process; asynchronously, because the S3 stand-in it talks to lives in this one. */
function runNpmScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (status) => resolve({ status, output })));
}

describe('backup and restore', () => {
  let seeded: Seeded;
  let s3: S3StandIn;
  let postgres: Awaited<ReturnType<typeof createScratchDatabase>>;
  let work: string;

  beforeAll(async () => {
    [seeded, s3, postgres] = await Promise.all([
      seedEmbeddedDataDir(),
      startS3StandIn(),
      createScratchDatabase('restore'),
    ]);
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-backups-'));
  }, 120_000);
  afterAll(async () => {
    await postgres?.drop();
    await s3?.close();
    for (const dir of [seeded?.dataDir, work]) if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('embedded + local media → backup → PostgreSQL + bucket, read back through the app', async () => {
    const backup = await runNpmScript('backup', ['--out', path.join(work, 'one')], { DATA_DIR: seeded.dataDir });
    expect(backup.output).toMatch(/Backup written to .*: \d+ tables, \d+ rows, 1 media files\./);
    expect(backup.status).toBe(0);
    const manifest = await readManifest(path.join(work, 'one'));
    expect(manifest.databaseKind).toBe('pglite');
    expect(manifest.tables.find((t) => t.name === 'stories')?.rows).toBe(4);

    const restore = await runNpmScript('restore', ['--from', path.join(work, 'one')], {
      DATA_DIR: path.join(work, 'pg-instance'),
      DATABASE_URL: postgres.url,
      ...s3.env,
    });
    expect(restore.output).toMatch(/tables verified/);
    expect(restore.status).toBe(0);

    const app = await appFor({ DATA_DIR: path.join(work, 'pg-instance'), DATABASE_URL: postgres.url, ...s3.env });
    try {
      await expectSeededReads(app, seeded);
    } finally {
      await app.close();
    }
  }, 180_000);

  it('refuses to restore over data, and to write a backup into a folder that is not empty', async () => {
    const again = await runNpmScript('restore', ['--from', path.join(work, 'one')], {
      DATA_DIR: path.join(work, 'pg-instance'),
      DATABASE_URL: postgres.url,
      ...s3.env,
    });
    expect(again.status).toBe(1);
    expect(again.output).toMatch(/Restore needs an empty database/);
    const overwrite = await runNpmScript('backup', ['--out', path.join(work, 'one')], { DATA_DIR: seeded.dataDir });
    expect(overwrite.status).toBe(1);
    expect(overwrite.output).toMatch(/is not empty/);
  }, 120_000);

  it('PostgreSQL + bucket → backup → a new embedded database + local media', async () => {
    const backup = await runNpmScript('backup', ['--out', path.join(work, 'two')], {
      DATA_DIR: path.join(work, 'pg-instance'),
      DATABASE_URL: postgres.url,
      ...s3.env,
    });
    expect(backup.status, backup.output).toBe(0);
    expect((await readManifest(path.join(work, 'two'))).databaseKind).toBe('postgres');
    const fresh = path.join(work, 'embedded-again');
    const restore = await runNpmScript('restore', ['--from', path.join(work, 'two')], { DATA_DIR: fresh });
    expect(restore.status, restore.output).toBe(0);
    const app = await appFor({ DATA_DIR: fresh });
    try {
      // The first round's reads added a user and a like; the backup carried them along.
      const users = await app.database.query<{ n: number }>(
        (await import('drizzle-orm')).sql`SELECT count(*)::int AS n FROM users`,
      );
      expect(users[0]!.n).toBe(3);
      const current = await app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: seeded.cookie } });
      expect(current.json().username).toBe('reader');
      const login = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'author', password: 'secret123' },
      });
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      const audio = await app.inject({
        method: 'GET',
        url: `/api/stories/${seeded.audioStoryId}`,
        headers: { cookie },
      });
      const media = await app.inject({ method: 'GET', url: audio.json().audioUrl });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.length).toBeGreaterThan(1000);
    } finally {
      await app.close();
    }
  }, 180_000);
});
