/**
 * Test support for the operations scripts: an embedded (PGlite) DATA_DIR seeded through the real API — users
 * with sessions, stories (one with audio in the media store), a like, a report, a notification, a throttle
 * event — and the read checks the moved or restored copy must pass.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { notifications } from '../../db/schema';
import { NOTIFICATION_TYPES } from '#common/schemas';
import { liveWebmAudio } from '../../media/test-support/test-media';
import { baseStoryFields, postStory } from '../../modules/stories/test-support/story-helpers';

export interface Seeded {
  dataDir: string;
  cookie: string;
  userId: string;
  storyIds: string[];
  audioStoryId: string;
  mediaSecret: string;
}

const MEDIA_SECRET = 'ops-test-media-secret-0123456789abcdef';

export async function appFor(env: Record<string, string> & { DATA_DIR: string }): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MEDIA_SECRET,
    RATE_LIMIT_DISABLED: 'true',
    ...env,
  });
  const app = await buildApp(config);
  await app.ready();
  return app;
}

async function json(app: FastifyInstance, method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) {
  return app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

export async function seedEmbeddedDataDir(): Promise<Seeded> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-ops-'));
  const app = await appFor({ DATA_DIR: dataDir });
  try {
    const register = async (username: string) => {
      const res = await json(app, 'POST', '/api/user/register', undefined, {
        username,
        displayName: `${username} Teller`,
        email: `${username}@example.test`,
        password: 'secret123',
      });
      expect(res.statusCode).toBe(201);
      return { cookie: String(res.headers['set-cookie']).split(';')[0]!, id: res.json().id as string };
    };
    const author = await register('author');
    const reader = await register('reader');
    // A failed login leaves a throttle event.
    await json(app, 'POST', '/api/user/login', undefined, { username: 'reader', password: 'wrong-password' });

    const storyIds: string[] = [];
    for (const title of ['The bell', 'Ünïcode “quotes” & emoji 🌙', 'Third']) {
      const res = await postStory(app, author.cookie, baseStoryFields({ title }));
      expect(res.statusCode).toBe(201);
      storyIds.push(res.json().id);
    }
    const audio = await postStory(app, author.cookie, baseStoryFields({ type: 'audio', title: 'Heard' }), {
      audio: { data: liveWebmAudio(2), filename: 'story.webm' },
    });
    expect(audio.statusCode).toBe(201);
    storyIds.push(audio.json().id);

    // Likes and reports need the story unlocked for the reader once: they read both standing on them.
    const here = `lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`;
    for (const id of storyIds.slice(0, 2)) {
      expect((await json(app, 'GET', `/api/stories/${id}?${here}`, reader.cookie)).json().isLocked).toBe(false);
    }
    expect((await json(app, 'POST', `/api/stories/${storyIds[0]}/like`, reader.cookie)).statusCode).toBe(200);
    const report = await json(app, 'POST', `/api/stories/${storyIds[1]}/report`, reader.cookie, { reason: 'spam' });
    expect(report.statusCode).toBeLessThan(300);
    await app.database.db.insert(notifications).values({
      userId: author.id,
      type: NOTIFICATION_TYPES[0],
      title: 'New like',
      message: 'reader liked “The bell”',
      storyId: storyIds[0]!,
    });
    return {
      dataDir,
      cookie: reader.cookie,
      userId: reader.id,
      storyIds,
      audioStoryId: audio.json().id,
      mediaSecret: MEDIA_SECRET,
    };
  } finally {
    await app.close();
  }
}

/** What a user would notice after a move or restore: sessions, passwords, stories, likes, media, new writes. */
export async function expectSeededReads(app: FastifyInstance, seeded: Seeded): Promise<void> {
  const current = await json(app, 'GET', '/api/user/current', seeded.cookie);
  expect(current.statusCode).toBe(200);
  expect(current.json().username).toBe('reader');
  const login = await json(app, 'POST', '/api/user/login', undefined, { username: 'author', password: 'secret123' });
  expect(login.statusCode).toBe(200);

  const liked = await json(app, 'GET', `/api/stories/${seeded.storyIds[0]}`, seeded.cookie);
  expect(liked.statusCode).toBe(200);
  expect(liked.json().likes).toBe(1);
  const unicode = await json(app, 'GET', `/api/stories/${seeded.storyIds[1]}`, seeded.cookie);
  expect(unicode.json().title).toBe('Ünïcode “quotes” & emoji 🌙');

  const nearby = await json(
    app,
    'GET',
    `/api/stories/discoverable/${baseStoryFields().latitude}/${baseStoryFields().longitude}`,
    seeded.cookie,
  );
  expect(nearby.statusCode).toBe(200);
  expect(
    nearby
      .json<{ id: string }[]>()
      .map((s) => s.id)
      .sort(),
  ).toEqual([...seeded.storyIds].sort());

  // Its author always sees a story unlocked, media URL included.
  const authorCookie = String(login.headers['set-cookie']).split(';')[0]!;
  const audio = await json(app, 'GET', `/api/stories/${seeded.audioStoryId}`, authorCookie);
  expect(audio.json().audioUrl).toMatch(/^\/api\/media\//);
  const media = await app.inject({ method: 'GET', url: audio.json().audioUrl, headers: { range: 'bytes=0-99' } });
  expect(media.statusCode).toBe(206);
  expect(media.rawPayload.length).toBe(100);

  // New writes work on the copy (ids, defaults and constraints came along).
  const fresh = await json(app, 'POST', '/api/user/register', undefined, {
    username: 'newcomer',
    displayName: 'New Comer',
    email: 'new@example.test',
    password: 'secret123',
  });
  expect(fresh.statusCode).toBe(201);
  const again = await json(app, 'POST', `/api/stories/${seeded.storyIds[0]}/like`, seeded.cookie);
  expect(again.statusCode).toBe(200);
}
