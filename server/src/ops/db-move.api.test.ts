/** npm run db:move: a seeded embedded database moved into an empty PostgreSQL + PostGIS, then read through the app. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createScratchDatabase } from '#tests/helpers/processes';
import { appFor, expectSeededReads, seedEmbeddedDataDir, type Seeded } from './test-support/seed-embedded';
import { moveDatabase } from './db-move';
import { listTables, normaliseSession, summarise } from './table-copy';

describe('moving the embedded database to PostgreSQL', () => {
  let seeded: Seeded;
  let target: Awaited<ReturnType<typeof createScratchDatabase>>;
  const log: string[] = [];

  beforeAll(async () => {
    [seeded, target] = await Promise.all([seedEmbeddedDataDir(), createScratchDatabase('move')]);
  }, 120_000);
  afterAll(async () => {
    await target?.drop();
    if (seeded) await fs.rm(seeded.dataDir, { recursive: true, force: true });
  });

  it('copies every table with matching counts and checksums', async () => {
    const reports = await moveDatabase({ fromDataDir: seeded.dataDir, toUrl: target.url, log: (l) => log.push(l) });
    const byTable = Object.fromEntries(reports.map((r) => [r.table, r.rows]));
    expect(byTable).toMatchObject({ users: 2, sessions: 2, stories: 4, likes: 1, reports: 1, unlocks: 2 });
    // The seeded one, plus what the reader's reads made (story_unlocked at each story read standing on it).
    expect(byTable.notifications).toBeGreaterThanOrEqual(1);
    expect(byTable.throttle_events).toBeGreaterThanOrEqual(1);
    expect(log.some((l) => /^verified stories: 4 rows, checksum [0-9a-f]{32}$/.test(l))).toBe(true);

    // The checksums really cover the data: PostGIS columns included, and the source is untouched.
    const source = await openDatabase({ pgliteDir: path.join(seeded.dataDir, 'pgdata') });
    const copy = await openDatabase({ databaseUrl: target.url, poolSize: 1, migrate: false });
    try {
      await normaliseSession(copy);
      const [geo] = await copy.query<{ n: number }>(
        (await import('drizzle-orm'))
          .sql`SELECT count(*)::int AS n FROM stories WHERE ST_DWithin(location, ST_MakePoint(longitude, latitude)::geography, 1)`,
      );
      expect(geo!.n).toBe(4);
      await copy.query(
        (await import('drizzle-orm')).sql`UPDATE stories SET title = title || '!' WHERE id = ${seeded.storyIds[0]}`,
      );
      // Every update bumps a story's revision (the story index's change feed), so an edit and its undo differ
      // there; the checksum must tell the content apart.
      const storyTable = (await listTables(copy)).find((t) => t.name === 'stories')!;
      const stories = { ...storyTable, columns: storyTable.columns.filter((c) => c.name !== 'revision') };
      await normaliseSession(source);
      expect((await summarise(copy, stories)).checksum).not.toBe((await summarise(source, stories)).checksum);
      await copy.query(
        (await import('drizzle-orm')).sql`UPDATE stories SET title = left(title, -1) WHERE id = ${seeded.storyIds[0]}`,
      );
      expect((await summarise(copy, stories)).checksum).toBe((await summarise(source, stories)).checksum);
    } finally {
      await source.close();
      await copy.close();
    }
  }, 120_000);

  it('serves the same reads from PostgreSQL (sessions, passwords, stories, likes, nearby, media) and takes new writes', async () => {
    // Media stays in the local store under the same DATA_DIR (media:move is the separate step to a bucket).
    const app = await appFor({ DATA_DIR: seeded.dataDir, DATABASE_URL: target.url });
    try {
      await expectSeededReads(app, seeded);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses a target that is not empty, and a folder without an embedded database', async () => {
    await expect(moveDatabase({ fromDataDir: seeded.dataDir, toUrl: target.url })).rejects.toThrow(/not empty/);
    await expect(moveDatabase({ fromDataDir: '/tmp/no-such-whispers-dir', toUrl: target.url })).rejects.toThrow(
      /No embedded database/,
    );
  }, 60_000);
});
