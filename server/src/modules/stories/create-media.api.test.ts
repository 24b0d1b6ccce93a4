// POST /api/stories, media by content and all-or-nothing writes (access, validation and limits: create.api.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories } from '../../db/schema';
import { NO_AV_TOOLS } from '../../media/av';
import { createLocalMediaStore, type MediaStore } from '../../media/media-store';
import {
  ebmlElementNames,
  gifImage,
  jpegWithGps,
  liveWebmAudio,
  liveWebmVideo,
  m4aAudio,
  makeMediaDir,
  movVideo,
  mp3Audio,
  mp4Video,
  oggAudio,
  pngWithAlpha,
} from '../../media/test-support/test-media';
import { createStoryRepository } from './story-repository';
import { createStoryCreateService } from './create-service';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { baseStoryFields, listFiles, postStory } from './test-support/story-helpers';

describe('POST /api/stories', () => {
  let t: TestApp;
  let user: TestUser;
  let scratch: string;
  const mediaDir = () => path.join(t.dataDir, 'media');
  const uploadsDir = () => path.join(t.dataDir, 'tmp', 'uploads');
  const post = (fields: Record<string, string>, files?: Parameters<typeof postStory>[3]) =>
    postStory(t.app, user.cookie, fields, files);
  const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    user = await createTestUser(t.database, { displayName: 'Ada Storyteller' });
    scratch = makeMediaDir();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  describe('media by content', () => {
    const expectNoLeftovers = () => {
      expect(listFiles(uploadsDir())).toEqual([]);
    };

    it('stores MediaRecorder-style WebM audio remuxed (Duration + Cues), duration from the file', async () => {
      const res = await post(baseStoryFields({ type: 'audio', content: '' }), {
        audio: { data: liveWebmAudio(3), filename: 'story.webm', contentType: 'audio/webm' },
      });
      expect(res.statusCode).toBe(201);
      const story = res.json();
      expect(story.duration).toBe(3);
      expect(story.audioUrl).toMatch(/^\/api\/media\/stories\/[0-9a-f-]+\/audio\.webm\?exp=\d+&sig=/);
      const media = await fetchMedia(story.audioUrl);
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('audio/webm');
      const names = ebmlElementNames(media.rawPayload);
      expect(names.has('Duration')).toBe(true);
      expect(names.has('Cues')).toBe(true);
      expectNoLeftovers();
    });

    it('measures the file when the browser sent Infinity as the duration', async () => {
      const res = await post(baseStoryFields({ type: 'audio', duration: 'Infinity' }), {
        audio: { data: liveWebmAudio(2), filename: 'story.webm' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().duration).toBe(2);
    });

    it("stores the file's measured length, not the form's (a 2-second recording posted as 6 hours)", async () => {
      for (const duration of ['12', '21600']) {
        const res = await post(baseStoryFields({ type: 'audio', duration }), {
          audio: { data: liveWebmAudio(2), filename: 'story.webm' },
        });
        expect(res.json().duration).toBe(2);
      }
    });

    it.each([
      ['Ogg/Vorbis', () => oggAudio(2), 'audio/ogg'],
      ['MP3', () => mp3Audio(2), 'audio/mpeg'],
      ['MP4/AAC', () => m4aAudio(scratch, 2), 'audio/mp4'],
    ])('accepts %s audio whatever its declared name and type', async (_name, make, servedType) => {
      const res = await post(baseStoryFields({ type: 'audio' }), {
        audio: { data: make(), filename: 'story.webm', contentType: 'audio/webm' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().duration).toBe(2);
      const media = await fetchMedia(res.json().audioUrl);
      expect(media.headers['content-type']).toBe(servedType);
    });

    it('refuses a PNG sent as audio with 415', async () => {
      const res = await post(baseStoryFields({ type: 'audio' }), {
        audio: { data: await pngWithAlpha(), filename: 'story.webm', contentType: 'audio/webm' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: MEDIA_KIND_SPECS.audio.messages.unsupported });
      expect(listFiles(mediaDir()).filter((f) => f.endsWith('.png'))).toEqual([]);
      expectNoLeftovers();
    });

    it('refuses audio that starts like WebM but does not decode in full with 415', async () => {
      const damaged = Buffer.concat([liveWebmAudio(1).subarray(0, 60), Buffer.alloc(2_000, 9)]);
      const res = await post(baseStoryFields({ type: 'audio' }), { audio: { data: damaged, filename: 'story.webm' } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: MEDIA_KIND_SPECS.audio.messages.unsupported });
      expectNoLeftovers();
    });

    it('re-encodes a JPEG: GPS EXIF gone, longest side bounded, thumbnail made', async () => {
      const res = await post(baseStoryFields({ type: 'image' }), {
        image: { data: await jpegWithGps(), filename: 'holiday.jpg', contentType: 'image/jpeg' },
      });
      expect(res.statusCode).toBe(201);
      const story = res.json();
      const image = await fetchMedia(story.imageUrl);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(image.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
      expect(Math.max(meta.width, meta.height)).toBe(2048);
      const thumbnail = await fetchMedia(story.thumbnailUrl);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      const thumbMeta = await sharp(thumbnail.rawPayload).metadata();
      expect(Math.max(thumbMeta.width, thumbMeta.height)).toBe(400);
      expect(story.duration).toBeNull();
    });

    it.each([
      ['PNG with transparency', pngWithAlpha],
      ['GIF', gifImage],
    ])('accepts a %s image', async (_name, make) => {
      const res = await post(baseStoryFields({ type: 'image' }), { image: { data: await make(), filename: 'x.bin' } });
      expect(res.statusCode).toBe(201);
      expect(res.json().imageUrl).toMatch(/image\.webp/);
    });

    it('refuses a text file sent as an image with 415', async () => {
      const res = await post(baseStoryFields({ type: 'image' }), {
        image: { data: Buffer.from('Not a picture, just words.'), filename: 'photo.jpg', contentType: 'image/jpeg' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: MEDIA_KIND_SPECS.image.messages.unsupported });
    });

    it('refuses a damaged JPEG with 400', async () => {
      const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 5)]);
      const res = await post(baseStoryFields({ type: 'image' }), { image: { data: broken, filename: 'x.jpg' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MEDIA_KIND_SPECS.image.messages.unreadable });
    });

    it('explains an HEIC file this server cannot decode with 415', async () => {
      const heic = Buffer.concat([
        Buffer.from([0, 0, 0, 24]),
        Buffer.from('ftypheic\0\0\0\0mif1heic'),
        Buffer.alloc(400, 1),
      ]);
      const res = await post(baseStoryFields({ type: 'image' }), { image: { data: heic, filename: 'IMG_0001.HEIC' } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        message: 'HEIC images cannot be read on this server. Please choose a JPEG or PNG image.',
      });
    });

    it.each([
      ['WebM', () => liveWebmVideo(2), 'video/webm'],
      ['MP4', () => mp4Video(scratch, 2), 'video/mp4'],
      ['QuickTime', () => movVideo(scratch, 2), 'video/quicktime'],
    ])('accepts %s video, duration from the file', async (_name, make, servedType) => {
      const res = await post(baseStoryFields({ type: 'video' }), { video: { data: make(), filename: 'clip' } });
      expect(res.statusCode).toBe(201);
      expect(res.json().duration).toBe(2);
      const media = await fetchMedia(res.json().videoUrl);
      expect(media.headers['content-type']).toBe(servedType);
      if (servedType === 'video/webm') expect(ebmlElementNames(media.rawPayload).has('Cues')).toBe(true);
    });

    it('refuses an MP3 sent as video with 415', async () => {
      const res = await post(baseStoryFields({ type: 'video' }), {
        video: { data: mp3Audio(1), filename: 'clip.mp4' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: MEDIA_KIND_SPECS.video.messages.unsupported });
    });

    it('ignores a file in a field the type does not use, and files in unknown fields', async () => {
      const res = await post(baseStoryFields(), {
        image: { data: await pngWithAlpha() },
        attachment: { data: Buffer.from('whatever') },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).not.toHaveProperty('imageUrl');
      expectNoLeftovers();
    });
  });

  describe('all or nothing', () => {
    const storyCount = async () =>
      Number((await t.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM stories`))[0]!.n);

    it('a failure between the file write and the row insert leaves neither (database refuses the insert)', async () => {
      const filesBefore = listFiles(mediaDir());
      const rowsBefore = await storyCount();
      await t.database.query(
        sql.raw(`
        CREATE FUNCTION b1_refuse_story() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected failure'; END $$`),
      );
      await t.database.query(
        sql.raw(
          `CREATE TRIGGER b1_refuse_story BEFORE INSERT ON stories FOR EACH ROW EXECUTE FUNCTION b1_refuse_story()`,
        ),
      );
      try {
        const res = await post(baseStoryFields({ type: 'image' }), { image: { data: await jpegWithGps(400, 300) } });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ message: 'Internal Server Error' });
      } finally {
        await t.database.query(sql.raw(`DROP TRIGGER b1_refuse_story ON stories`));
        await t.database.query(sql.raw(`DROP FUNCTION b1_refuse_story()`));
      }
      expect(await storyCount()).toBe(rowsBefore);
      expect(listFiles(mediaDir())).toEqual(filesBefore);
      expect(listFiles(uploadsDir())).toEqual([]);
    });

    it('a crash injected after the files are stored removes them and inserts nothing', async () => {
      const store = createLocalMediaStore(path.join(scratch, 'crash-store'));
      const workDir = fs.mkdtempSync(path.join(scratch, 'work-'));
      const upload = path.join(workDir, 'upload-audio');
      fs.writeFileSync(upload, liveWebmAudio(1));
      let storyId = '';
      await expect(
        createStoryCreateService({
          repository: createStoryRepository(t.database),
          store,
          avTools: NO_AV_TOOLS,
          beforeInsert: (id) => {
            storyId = id;
            // The file really is in the store at this point.
            expect(listFiles(path.join(scratch, 'crash-store'))).toEqual([`stories/${id}/audio.webm`]);
            throw new Error('process died here');
          },
        }).create(user.id, {
          fields: baseStoryFields({ type: 'audio' }),
          files: { audio: { path: upload, size: fs.statSync(upload).size } },
          workDir,
        }),
      ).rejects.toThrow('process died here');
      expect(listFiles(path.join(scratch, 'crash-store'))).toEqual([]);
      expect(await t.database.db.select().from(stories).where(eq(stories.id, storyId))).toEqual([]);
    });

    it('a storage failure on the second file removes the first', async () => {
      const real = createLocalMediaStore(path.join(scratch, 'flaky-store'));
      let writes = 0;
      const flaky: MediaStore = {
        ...real,
        async putBuffer(key, data) {
          writes += 1;
          if (writes === 2) throw new Error('disk full');
          return real.putBuffer(key, data);
        },
      };
      const workDir = fs.mkdtempSync(path.join(scratch, 'work-'));
      const upload = path.join(workDir, 'upload-image');
      fs.writeFileSync(upload, await jpegWithGps(300, 200));
      const rowsBefore = await storyCount();
      await expect(
        createStoryCreateService({
          repository: createStoryRepository(t.database),
          store: flaky,
          avTools: NO_AV_TOOLS,
        }).create(user.id, {
          fields: baseStoryFields({ type: 'image' }),
          files: { image: { path: upload, size: fs.statSync(upload).size } },
          workDir,
        }),
      ).rejects.toThrow('disk full');
      expect(writes).toBe(2);
      expect(listFiles(path.join(scratch, 'flaky-store'))).toEqual([]);
      expect(await storyCount()).toBe(rowsBefore);
    });
  });
});
