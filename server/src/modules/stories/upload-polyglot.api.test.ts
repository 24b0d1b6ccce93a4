/**
 * Polyglot uploads (docs/security.md, "Threat model"): every audio and video file is checked in full and rewritten into a fresh
 * container, so bytes around the media (a web page, a ZIP) never reach the store. Run through the real app twice:
 * with ffmpeg (decode + remux) and without it (the pure-JS checks; MP4/QuickTime refused).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';
import { detectAvTools, NO_AV_TOOLS } from '../../media/av';
import {
  liveWebmAudio,
  liveWebmVideo,
  m4aAudio,
  makeMediaDir,
  mp3Audio,
  mp4Video,
  oggOpusAudio,
} from '../../media/test-support/test-media';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { baseStoryFields, listFiles, postStory } from './test-support/story-helpers';

const PAGE = Buffer.from('<!doctype html><html><body><script>fetch("/api/account/export")</script></body></html>');

let scratch: string;
beforeAll(() => {
  scratch = makeMediaDir();
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const AUDIO = [
  ['WebM/Opus', () => liveWebmAudio(2)],
  ['Ogg/Opus', () => oggOpusAudio(2)],
  ['MP3', () => mp3Audio(2)],
  ['MP4/AAC', () => m4aAudio(scratch, 2)],
] as const;

describe.each([
  { tools: 'ffmpeg', avTools: detectAvTools() },
  { tools: 'no ffmpeg', avTools: NO_AV_TOOLS },
])('polyglot uploads ($tools)', ({ tools, avTools }) => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' }, { avTools });
  const withFfmpeg = tools === 'ffmpeg';
  const mediaDir = () => path.join(t.current.dataDir, 'media');
  const storyCount = async () =>
    (await t.current.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM stories`))[0]!.n;
  const postAudio = async (data: Buffer) => {
    const user = await createTestUser(t.current.database);
    return postStory(t.current.app, user.cookie, baseStoryFields({ type: 'audio', content: '' }), {
      audio: { data, filename: 'story.webm', contentType: 'audio/webm' },
    });
  };
  /** Every stored file's bytes, to grep for what must not be there. */
  const storedBytes = () => Buffer.concat(listFiles(mediaDir()).map((f) => fs.readFileSync(path.join(mediaDir(), f))));

  it.skipIf(!detectAvTools().ffmpeg && withFfmpeg).each(AUDIO)(
    '%s: valid audio is stored, served and plays',
    async (name, make) => {
      const res = await postAudio(make());
      if (!withFfmpeg && name === 'MP4/AAC') {
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({ message: MEDIA_KIND_SPECS.audio.timed.unverifiable });
        return;
      }
      expect(res.statusCode).toBe(201);
      expect(res.json().duration).toBe(2);
      const media = await t.current.app.inject({ method: 'GET', url: res.json().audioUrl });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.length).toBeGreaterThan(1000);
    },
  );

  it.skipIf(!detectAvTools().ffmpeg && withFfmpeg).each(AUDIO)(
    '%s with a web page appended: refused with 415, or stored without the page',
    async (name, make) => {
      const before = await storyCount();
      const res = await postAudio(Buffer.concat([make(), PAGE]));
      if (res.statusCode === 201) {
        const media = await t.current.app.inject({ method: 'GET', url: res.json().audioUrl });
        expect(media.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      } else {
        expect(res.statusCode).toBe(415);
        expect(res.json().message).toMatch(/^Unsupported audio format/);
        expect(await storyCount()).toBe(before);
      }
      // Whatever happened, no stored file anywhere holds the page.
      expect(storedBytes().includes(Buffer.from('<script'))).toBe(false);
      if (!withFfmpeg && name !== 'MP4/AAC') expect(res.statusCode).toBe(415);
    },
  );

  it.each(AUDIO)('%s: a web page behind its first bytes is refused with 415', async (_name, make) => {
    const before = await storyCount();
    const res = await postAudio(Buffer.concat([make().subarray(0, 64), PAGE]));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/^Unsupported audio format/);
    expect(await storyCount()).toBe(before);
    expect(storedBytes().includes(Buffer.from('<script'))).toBe(false);
  });

  it('an MP3 followed by a ZIP archive: the archive never reaches the store', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), PAGE, Buffer.from('PK\x05\x06'), Buffer.alloc(18)]);
    const res = await postAudio(Buffer.concat([mp3Audio(2), zip]));
    expect([201, 415]).toContain(res.statusCode);
    expect(storedBytes().includes(Buffer.from('PK\x05\x06'))).toBe(false);
  });

  it('truncated WebM audio is refused with the unsupported-audio message', async () => {
    const valid = liveWebmAudio(2);
    const res = await postAudio(valid.subarray(0, Math.floor(valid.length / 2) + 3));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MEDIA_KIND_SPECS.audio.messages.unsupported });
  });

  it('video gets the same treatment: a WebM with a page appended never stores the page', async () => {
    const user = await createTestUser(t.current.database);
    const res = await postStory(t.current.app, user.cookie, baseStoryFields({ type: 'video', content: '' }), {
      video: { data: Buffer.concat([liveWebmVideo(1), PAGE]), filename: 'clip.webm' },
    });
    expect([201, 415]).toContain(res.statusCode);
    expect(storedBytes().includes(Buffer.from('<script'))).toBe(false);
    const mp4 = await postStory(t.current.app, user.cookie, baseStoryFields({ type: 'video', content: '' }), {
      video: { data: Buffer.concat([mp4Video(scratch, 1), PAGE]), filename: 'clip.mp4' },
    });
    expect(mp4.statusCode).toBe(withFfmpeg ? 201 : 415);
    if (!withFfmpeg) expect(mp4.json()).toEqual({ message: MEDIA_KIND_SPECS.video.timed.unverifiable });
    expect(storedBytes().includes(Buffer.from('<script'))).toBe(false);
  });
});
