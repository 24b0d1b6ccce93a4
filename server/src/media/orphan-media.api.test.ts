import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, openTestDatabase, type TestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';
import { insertStory } from '../modules/stories/test-support/story-fixtures';
import { createMediaStore } from './media-store';
import { ORPHAN_MEDIA_GRACE_MS, sweepOrphanMedia } from './orphan-media';

const HOURS_AGO = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe('orphaned story media (a process that died between storing the files and inserting the row)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Stores a file and dates it back, as a crash some time ago would have left it. */
  async function storedAt(key: string, modifiedAt: Date) {
    const store = createMediaStore(t.config);
    await store.putBuffer(key, Buffer.from('bytes'));
    const file = path.join(t.dataDir, 'media', ...key.split('/'));
    await fsp.utimes(file, modifiedAt, modifiedAt);
    return file;
  }

  it('removes old files without a story row and interrupted writes, keeps everything else', async () => {
    const author = await createTestUser(t.database);
    const story = await insertStory(t.database, {
      authorId: author.id,
      latitude: 32,
      longitude: -81,
      type: 'audio',
      audioKey: 'x',
    });
    const orphanId = crypto.randomUUID();
    const files = {
      orphanAudio: await storedAt(`stories/${orphanId}/audio.webm`, HOURS_AGO(2)),
      orphanThumb: await storedAt(`stories/${orphanId}/thumbnail.webp`, HOURS_AGO(2)),
      // Younger than the grace period: perhaps an upload still being written by another instance.
      recentOrphan: await storedAt(`stories/${crypto.randomUUID()}/audio.webm`, new Date()),
      storyAudio: await storedAt(`stories/${story.id}/audio.webm`, HOURS_AGO(5)),
      interrupted: await storedAt(`stories/${story.id}/audio.webm.1a2b3c.partial`, HOURS_AGO(5)),
      notAStoryFolder: await storedAt('stories/readme.txt', HOURS_AGO(5)),
    };

    const removed = await sweepOrphanMedia({ store: createMediaStore(t.config), database: t.database });

    expect(removed.sort()).toEqual(
      [
        `stories/${orphanId}/audio.webm`,
        `stories/${orphanId}/thumbnail.webp`,
        `stories/${story.id}/audio.webm.1a2b3c.partial`,
      ].sort(),
    );
    expect(fs.existsSync(files.orphanAudio)).toBe(false);
    expect(fs.existsSync(files.orphanThumb)).toBe(false);
    expect(fs.existsSync(path.dirname(files.orphanAudio))).toBe(false); // the empty folder goes too
    expect(fs.existsSync(files.interrupted)).toBe(false);
    expect(fs.existsSync(files.recentOrphan)).toBe(true);
    expect(fs.existsSync(files.storyAudio)).toBe(true);
    expect(fs.existsSync(files.notAStoryFolder)).toBe(true);
  });

  it('is a no-op without media, and the grace period is an hour', async () => {
    const empty = createMediaStore({ dataDir: path.join(t.dataDir, 'nothing-here') });
    expect(await sweepOrphanMedia({ store: empty, database: t.database })).toEqual([]);
    expect(ORPHAN_MEDIA_GRACE_MS).toBe(3600_000);
  });

  it('runs when the app starts', async () => {
    const dataDir = await fsp.mkdtemp(path.join(t.dataDir, 'restart-'));
    const config = { ...t.config, dataDir };
    const key = `stories/${crypto.randomUUID()}/image.webp`;
    await createMediaStore(config).putBuffer(key, Buffer.from('left by a crash'));
    const file = path.join(dataDir, 'media', ...key.split('/'));
    await fsp.utimes(file, HOURS_AGO(3), HOURS_AGO(3));

    const database = await openTestDatabase();
    const app = await buildApp(config, { database, logger: false });
    try {
      await app.ready();
      await expect.poll(() => fs.existsSync(file), { timeout: 5_000 }).toBe(false);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
