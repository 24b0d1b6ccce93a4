/**
 * The app with S3_* set: story media goes to the bucket (nothing under DATA_DIR/media), the signed-URL route
 * proxies it with Range, and the orphan sweep works over the bucket listing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { startS3StandIn, type S3StandIn } from '#tests/helpers/s3-stand-in';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { baseStoryFields, postStory } from '../modules/stories/test-support/story-helpers';
import { createMediaStore } from './media-store';
import { sweepOrphanMedia } from './orphan-media';
import { liveWebmAudio } from './test-support/test-media';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('story media in an S3-compatible bucket', () => {
  let s3: S3StandIn;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', ...s3.env });
    user = await createTestUser(t.database);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores an uploaded story’s audio in the bucket and serves it through the signed route with Range', async () => {
    const res = await postStory(t.app, user.cookie, baseStoryFields({ type: 'audio' }), {
      audio: { data: liveWebmAudio(3), filename: 'story.webm' },
    });
    expect(res.statusCode).toBe(201);
    const story = res.json();
    const key = `stories/${story.id}/audio.webm`;
    expect(story.audioUrl).toContain(`/api/media/${key}`);

    const stored = await readAll(createMediaStore(t.config).read(key));
    expect(stored.length).toBeGreaterThan(1000);
    expect(fs.existsSync(path.join(t.dataDir, 'media', 'stories', story.id))).toBe(false);

    const whole = await t.app.inject({ method: 'GET', url: story.audioUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.rawPayload.equals(stored)).toBe(true);

    const ranged = await t.app.inject({ method: 'GET', url: story.audioUrl, headers: { range: 'bytes=100-199' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${stored.length}`);
    expect(ranged.rawPayload.equals(stored.subarray(100, 200))).toBe(true);

    const suffix = await t.app.inject({ method: 'GET', url: story.audioUrl, headers: { range: 'bytes=-25' } });
    expect(suffix.rawPayload.equals(stored.subarray(stored.length - 25))).toBe(true);
  });

  it('answers 404 for a signed key the bucket does not hold', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: t.app.mediaSigner.sign(`stories/${crypto.randomUUID()}/audio.webm`),
    });
    expect(res.statusCode).toBe(404);
  });

  it('sweeps orphaned objects from the bucket and keeps those of existing stories', async () => {
    const store = createMediaStore(t.config);
    const res = await postStory(t.app, user.cookie, baseStoryFields({ type: 'audio' }), {
      audio: { data: liveWebmAudio(2), filename: 'story.webm' },
    });
    const kept = `stories/${res.json().id}/audio.webm`;
    const orphan = `stories/${crypto.randomUUID()}/audio.webm`;
    await store.putBuffer(orphan, Buffer.from('left behind by a crash'));
    // Objects cannot be dated back in a bucket: look at them from two hours in the future instead.
    const removed = await sweepOrphanMedia({ store, database: t.database, now: new Date(Date.now() + 2 * 3600_000) });
    expect(removed).toContain(orphan);
    expect(removed).not.toContain(kept);
    expect(await store.stat(orphan)).toBeNull();
    expect(await store.stat(kept)).not.toBeNull();
  });
});
