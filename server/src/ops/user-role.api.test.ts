/**
 * npm run user:role -- --username NAME --role moderator (docs/moderation.md): the way a first admin is made, on the embedded
 * database under DATA_DIR and on DATABASE_URL, run as its own process like an operator would.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createScratchDatabase } from '#tests/helpers/processes';

const root = path.resolve(import.meta.dirname, '../../..');

function userRole(args: string[], env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/user-role.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (status) => resolve({ status, output })));
}

async function addUser(database: Database, username: string) {
  await database.query(sql`
    INSERT INTO users (username, email, display_name, password_hash) VALUES (${username}, ${`${username}@example.test`}, 'First Admin', 'x')`);
}

async function roleAndLog(database: Database, username: string) {
  const [row] = await database.query<{ role: string; logged: number }>(sql`
    SELECT role, (SELECT count(*)::int FROM moderation_audit_log l WHERE l.subject_user_id = u.id AND l.event = 'role') AS logged
    FROM users u WHERE username = ${username}`);
  return row;
}

describe('npm run user:role', () => {
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createScratchDatabase>>;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-role-'));
    postgres = await createScratchDatabase('role');
  });
  afterAll(async () => {
    await postgres?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('grants and removes a role on the embedded database (DATA_DIR)', async () => {
    const pgliteDir = path.join(dataDir, 'pgdata');
    let database = await openDatabase({ pgliteDir });
    await addUser(database, 'first_admin');
    await database.close();

    const granted = await userRole(['--username', 'FIRST_ADMIN', '--role', 'admin'], { DATA_DIR: dataDir });
    expect(granted).toMatchObject({ status: 0, output: expect.stringContaining('first_admin is now admin.') });
    const wrong = await userRole(['--username', 'first_admin', '--role', 'king'], { DATA_DIR: dataDir });
    expect(wrong).toMatchObject({
      status: 1,
      output: expect.stringContaining('--role must be one of: user, moderator, admin'),
    });

    database = await openDatabase({ pgliteDir, migrate: false });
    try {
      expect(await roleAndLog(database, 'first_admin')).toEqual({ role: 'admin', logged: 1 });
    } finally {
      await database.close();
    }
  }, 400_000);

  it('grants a role on PostgreSQL (DATABASE_URL)', async () => {
    const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 1 });
    try {
      await addUser(database, 'pg_admin');
      const granted = await userRole(['--username', 'pg_admin', '--role', 'admin'], { DATABASE_URL: postgres.url });
      expect(granted).toMatchObject({ status: 0, output: expect.stringContaining('pg_admin is now admin.') });
      expect(await roleAndLog(database, 'pg_admin')).toEqual({ role: 'admin', logged: 1 });
      const nobody = await userRole(['--username', 'nobody', '--role', 'moderator'], { DATABASE_URL: postgres.url });
      expect(nobody).toMatchObject({ status: 1, output: expect.stringContaining('No user named nobody.') });
    } finally {
      await database.close();
    }
  }, 180_000);
});
