import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { createMediaStore } from '../../media/media-store';
import { liveWebmAudio } from '../../media/test-support/test-media';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';

describe('GET /api/media/*', () => {
  let t: TestApp;
  let user: TestUser;
  let audioUrl: string;
  let stored: Buffer;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    user = await createTestUser(t.database);
    const res = await postStory(t.app, user.cookie, baseStoryFields({ type: 'audio' }), {
      audio: { data: liveWebmAudio(3), filename: 'story.webm' },
    });
    expect(res.statusCode).toBe(201);
    audioUrl = res.json().audioUrl;
    stored = (await get(audioUrl)).rawPayload;
  });
  afterAll(async () => t.close());

  it('serves the whole file with its type, Accept-Ranges and a private cache until the link expires', async () => {
    const res = await get(audioUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/webm');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(stored.length);
    expect(stored.length).toBeGreaterThan(1000);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))![1]);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    // Minutes, not hours (MEDIA_URL_TTL_SECONDS, 15 minutes by default; the expiry is rounded up to the minute).
    expect(maxAge).toBeGreaterThan(800);
    expect(maxAge).toBeLessThanOrEqual(900 + 60);
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const res = await get(audioUrl, { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${stored.length}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload.equals(stored.subarray(100, 200))).toBe(true);
  });

  it('answers open-ended and suffix ranges (how players seek to the end)', async () => {
    const open = await get(audioUrl, { range: `bytes=${stored.length - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(stored.subarray(stored.length - 10))).toBe(true);
    const suffix = await get(audioUrl, { range: 'bytes=-25' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${stored.length - 25}-${stored.length - 1}/${stored.length}`);
    expect(suffix.rawPayload.equals(stored.subarray(stored.length - 25))).toBe(true);
  });

  it('answers 416 with the size for a range beyond the end or a malformed one', async () => {
    for (const range of [`bytes=${stored.length}-`, 'bytes=500-100', 'bytes=oops']) {
      const res = await get(audioUrl, { range });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${stored.length}`);
      expect(res.json()).toEqual({ message: 'Range Not Satisfiable' });
    }
  });

  it('ignores a Range whose If-Range validator is stale, and answers 304 to a matching If-None-Match', async () => {
    const first = await get(audioUrl);
    const etag = String(first.headers.etag);
    expect((await get(audioUrl, { range: 'bytes=0-9', 'if-range': '"old"' })).statusCode).toBe(200);
    expect((await get(audioUrl, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    expect((await get(audioUrl, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('refuses a bad signature, a missing one, another key with this signature, and an expired link (403)', async () => {
    const [pathPart, query] = audioUrl.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const badSig = `${pathPart}?exp=${params.get('exp')}&sig=${'A'.repeat(params.get('sig')!.length)}`;
    const noSig = `${pathPart}?exp=${params.get('exp')}`;
    const otherKey = `${pathPart.replace('audio.webm', 'video.webm')}?${query}`;
    const longerExpiry = `${pathPart}?exp=${Number(params.get('exp')) + 3600}&sig=${params.get('sig')}`;
    const key = decodeURIComponent(pathPart.replace('/api/media/', ''));
    const expired = t.app.mediaSigner.sign(key, new Date(Date.now() - 2 * 3600 * 1000));
    for (const url of [badSig, noSig, otherKey, longerExpiry, expired]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: 'This media link is invalid or has expired.' });
    }
  });

  it('refuses keys that try to leave the media folder, even with a valid signature for them', async () => {
    // The URL parser resolves a literal `..` segment before routing (no media route matches: 404)…
    const signed = await get(t.app.mediaSigner.sign('../media-secret'));
    expect(signed.statusCode).toBe(404);
    const secret = fs.readFileSync(path.join(t.dataDir, 'media-secret'), 'utf8').trim();
    expect(signed.body).not.toContain(secret);
    // …and an encoded one reaches the route, which refuses the key outright.
    const exp = String(Math.floor(Date.now() / 1000) + 600);
    const encoded = await get(`/api/media/..%2Fmedia-secret?exp=${exp}&sig=x`);
    expect(encoded.statusCode).toBe(403);
    const encodedSigned = t.app.mediaSigner.sign('../media-secret').replace('/../', '/..%2F');
    const refused = await get(encodedSigned);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(secret);
  });

  it('answers 404 for a correctly signed key with no file behind it', async () => {
    const res = await get(t.app.mediaSigner.sign('stories/00000000-0000-4000-8000-000000000000/audio.webm'));
    expect(res.statusCode).toBe(404);
  });

  it('serves an empty stored file as an empty 200', async () => {
    await createMediaStore(t.config).putBuffer('stories/empty/audio.webm', Buffer.alloc(0));
    // Served only as the media of a visible story: give this key to a copy of the story.
    await t.database.query(sql`
      INSERT INTO stories (title, category, type, latitude, longitude, author_id, audio_key)
      SELECT title, category, type, latitude, longitude, author_id, 'stories/empty/audio.webm' FROM stories LIMIT 1`);
    const res = await get(t.app.mediaSigner.sign('stories/empty/audio.webm'));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
  });
});

/** docs/security.md, "Threat model": a signed URL stops working when its story is hidden, made private or deleted. */
describe('GET /api/media/* after the story changed', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const newAudioStory = async () => {
    const res = await postStory(t.app, author.cookie, baseStoryFields({ type: 'audio', content: '' }), {
      audio: { data: liveWebmAudio(1), filename: 'story.webm' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; audioUrl: string }>();
  };
  const expectGone = async (url: string, cookie?: string) => {
    const res = await get(url, cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This story is no longer available.' });
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', MEDIA_URL_TTL_SECONDS: '120' });
    author = await createTestUser(t.database);
    reader = await createTestUser(t.database);
  });
  afterAll(async () => t.close());

  it('a link works for anyone while its story is visible, and lives as long as MEDIA_URL_TTL_SECONDS', async () => {
    const story = await newAudioStory();
    expect((await get(story.audioUrl)).statusCode).toBe(200);
    expect((await get(story.audioUrl, reader.cookie)).statusCode).toBe(200);
    const exp = Number(new URL(story.audioUrl, 'http://x').searchParams.get('exp'));
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(120 + 60);
  });

  it('hidden by reports: refused to everyone but the author, ranges included', async () => {
    const story = await newAudioStory();
    await t.database.query(sql`UPDATE stories SET hidden_at = now() WHERE id = ${story.id}`);
    await expectGone(story.audioUrl);
    await expectGone(story.audioUrl, reader.cookie);
    const ranged = await t.app.inject({
      method: 'GET',
      url: story.audioUrl,
      headers: { range: 'bytes=0-9', cookie: reader.cookie },
    });
    expect(ranged.statusCode).toBe(404);
    expect((await get(story.audioUrl, author.cookie)).statusCode).toBe(200);
  });

  it('made private: refused to others, still served to its author', async () => {
    const story = await newAudioStory();
    await t.database.query(sql`UPDATE stories SET is_public = false WHERE id = ${story.id}`);
    await expectGone(story.audioUrl);
    await expectGone(story.audioUrl, reader.cookie);
    expect((await get(story.audioUrl, author.cookie)).statusCode).toBe(200);
  });

  it('deleted: refused to everyone', async () => {
    const story = await newAudioStory();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/stories/${story.id}`,
      headers: { cookie: author.cookie },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    for (const cookie of [undefined, reader.cookie, author.cookie])
      expect((await get(story.audioUrl, cookie)).statusCode).toBe(404);
  });

  it('expired: refused with 403 even for the author of a visible story', async () => {
    const story = await newAudioStory();
    const key = decodeURIComponent(story.audioUrl.split('?')[0]!.replace('/api/media/', ''));
    const expired = t.app.mediaSigner.sign(key, new Date(Date.now() - 10 * 60_000));
    for (const cookie of [undefined, author.cookie]) {
      const res = await get(expired, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'This media link is invalid or has expired.' });
    }
  });

  it('finds the owning story through the key indexes (no table scan)', async () => {
    // Test tables are tiny, so the planner would rather scan: forbid that to see which plan it has.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute(sql`
        EXPLAIN SELECT 1 FROM stories WHERE audio_key = 'k' OR image_key = 'k' OR thumbnail_key = 'k' OR video_key = 'k'`);
    });
    const text = JSON.stringify(plan);
    for (const index of ['audio', 'image', 'thumbnail', 'video']) expect(text).toContain(`stories_${index}_key_idx`);
  });
});
