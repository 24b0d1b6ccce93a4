import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_CREATE_RATE_LIMIT } from '#common/constants';
import { storySchema } from '#common/schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories } from '../../db/schema';
import { NO_AV_TOOLS } from '../../media/av';
import { createLocalMediaStore, type MediaStore } from '../../media/media-store';
import { ebmlElementNames, gifImage, jpegWithGps, liveWebmAudio, liveWebmVideo, m4aAudio, makeMediaDir, movVideo, mp3Audio, mp4Video, oggAudio, pngWithAlpha } from '../../media/test-support/test-media';
import { createStoryRepository } from './story-repository';
import { createStoryCreateService, UNREADABLE_MEDIA_MESSAGES, UNSUPPORTED_MEDIA_MESSAGES } from './create-service';
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

  describe('access and shape', () => {
    it('refuses a visitor with 401', async () => {
      const res = await postStory(t.app, undefined, baseStoryFields());
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTypeOf('string');
    });

    it('refuses a body that is not multipart with 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stories',
        headers: { cookie: user.cookie },
        payload: baseStoryFields(),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('Stories must be sent as multipart/form-data.');
    });

    it('creates a text story: 201 with the story as its author sees it, word count computed', async () => {
      const res = await post(baseStoryFields({ title: '  The lamplighter  ', content: 'One two  three,\nfour — five.' }));
      expect(res.statusCode).toBe(201);
      const story = storySchema.parse(res.json());
      expect(story).toMatchObject({
        title: 'The lamplighter',
        description: 'Heard on the square',
        category: 'History',
        type: 'text',
        content: 'One two  three,\nfour — five.',
        wordCount: 5,
        authorId: user.id,
        author: { displayName: 'Ada Storyteller' },
        likes: 0,
        isPublic: true,
        isLocked: false,
        lockReason: null,
        distance: 0,
        timeRestriction: 'none',
        duration: null,
      });
      const [row] = await t.database.db.select().from(stories).where(eq(stories.id, story.id));
      expect(row).toMatchObject({ wordCount: 5, authorId: user.id, latitude: 32.0835, longitude: -81.0998 });
    });

    it('ignores unknown fields, including ones that try to set the author or the likes', async () => {
      const other = await createTestUser(t.database);
      const res = await post(baseStoryFields({ authorId: other.id, likes: '999', id: 'x', favouriteColour: 'teal' }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ authorId: user.id, likes: 0 });
    });

    it('stores a private story when isPublic is "false"', async () => {
      const res = await post(baseStoryFields({ isPublic: 'false' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().isPublic).toBe(false);
    });

    it('keeps only the time-lock fields of the chosen restriction', async () => {
      const window = await post(baseStoryFields({ timeRestriction: 'time_of_day', unlockStartTime: '22:00', unlockEndTime: '02:00', unlockSeason: 'winter' }));
      expect(window.statusCode).toBe(201);
      expect(window.json()).toMatchObject({ timeRestriction: 'time_of_day', unlockStartTime: '22:00', unlockEndTime: '02:00', unlockSeason: null });
      const season = await post(baseStoryFields({ timeRestriction: 'season', unlockSeason: 'autumn', unlockWeather: 'rainy' }));
      expect(season.json()).toMatchObject({ timeRestriction: 'season', unlockSeason: 'autumn', unlockWeather: null });
      const weather = await post(baseStoryFields({ timeRestriction: 'weather', unlockWeather: 'stormy' }));
      expect(weather.json()).toMatchObject({ timeRestriction: 'weather', unlockWeather: 'stormy' });
      const none = await post(baseStoryFields({ timeRestriction: 'none', unlockStartTime: '10:00', unlockEndTime: '11:00' }));
      expect(none.json()).toMatchObject({ timeRestriction: 'none', unlockStartTime: null, unlockEndTime: null });
    });

    it('creates a TikTok story with the id taken from the URL (the form id is not trusted)', async () => {
      const res = await post(
        baseStoryFields({
          type: 'tiktok',
          content: '',
          tiktokUrl: 'https://www.tiktok.com/@walker/video/7234567890123456789?lang=en',
          tiktokVideoId: 'forged',
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        type: 'tiktok',
        tiktokUrl: 'https://www.tiktok.com/@walker/video/7234567890123456789',
        tiktokVideoId: '7234567890123456789',
        content: null,
        wordCount: null,
      });
      const short = await post(baseStoryFields({ type: 'tiktok', tiktokUrl: 'https://vm.tiktok.com/ZMeAbC123/' }));
      expect(short.json().tiktokVideoId).toBe('ZMeAbC123');
    });
  });

  describe('validation messages (one test per message)', () => {
    const expect400 = async (fields: Record<string, string>, message: string, files?: Parameters<typeof postStory>[3]) => {
      const res = await post(fields, files);
      expect(res.json()).toEqual({ message });
      expect(res.statusCode).toBe(400);
    };

    it.each([
      ['title blank after trimming', { title: '   ' }],
      ['title missing', { title: undefined }],
      ['category missing', { category: '' }],
      ['latitude missing', { latitude: '' }],
      ['longitude missing', { longitude: undefined }],
    ])('%s → Missing information', async (_name, overrides) => {
      const fields = baseStoryFields();
      for (const [key, value] of Object.entries(overrides)) {
        if (value === undefined) delete fields[key];
        else fields[key] = value;
      }
      await expect400(fields, 'Missing information: Please fill in all required fields.');
    });

    it('category outside the nine', () => expect400(baseStoryFields({ category: 'Cooking' }), 'Category must be one of: Mystery, Adventure, History, Fantasy, Personal, Romance, Horror, Nature, Science Fiction'));
    it('type outside the five', () => expect400(baseStoryFields({ type: 'poem' }), 'Type must be one of: audio, text, image, video, tiktok'));
    it('latitude not a number', () => expect400(baseStoryFields({ latitude: 'north' }), 'Latitude must be a number'));
    it('latitude out of range', () => expect400(baseStoryFields({ latitude: '90.5' }), 'Latitude must be between -90 and 90'));
    it('longitude out of range', () => expect400(baseStoryFields({ longitude: '-181' }), 'Longitude must be between -180 and 180'));
    it('title too long', () => expect400(baseStoryFields({ title: 'x'.repeat(201) }), 'Title must be at most 200 characters'));
    it('isPublic not a boolean', () => expect400(baseStoryFields({ isPublic: 'yes' }), 'isPublic must be "true" or "false"'));
    it('text without content', () => expect400(baseStoryFields({ content: ' \n ' }), 'Missing content: Please write your story content.'));
    it('audio without a recording', () => expect400(baseStoryFields({ type: 'audio' }), 'Missing recording: Please record your story first. Make sure to stop the recording before submitting.'));
    it('audio with an empty recording', () =>
      expect400(baseStoryFields({ type: 'audio' }), 'Recording error: Audio recording failed. Please try again.', { audio: { data: Buffer.alloc(0), filename: 'story.webm' } }));
    it('image without a file', () => expect400(baseStoryFields({ type: 'image' }), 'Missing image: Please select an image for your story.'));
    it('video without a file', () => expect400(baseStoryFields({ type: 'video' }), 'Missing video: Please select a video file for your story.'));
    it('TikTok without a URL', () => expect400(baseStoryFields({ type: 'tiktok', tiktokUrl: ' ' }), 'Missing TikTok URL: Please paste a TikTok video URL.'));
    it('TikTok with a foreign host', () =>
      expect400(baseStoryFields({ type: 'tiktok', tiktokUrl: 'https://youtube.com/@u/video/7234567890123456789' }), 'Invalid TikTok URL: Please paste a valid TikTok video URL.'));
    it('time window with a start but no end', () =>
      expect400(baseStoryFields({ timeRestriction: 'time_of_day', unlockStartTime: '08:00' }), 'Time-of-day locks need both a start and an end time (HH:MM).'));
    it('time not in HH:MM', () =>
      expect400(baseStoryFields({ timeRestriction: 'time_of_day', unlockStartTime: '8am', unlockEndTime: '09:00' }), 'Unlock start time must be in HH:MM format'));
    it('end time not in HH:MM', () =>
      expect400(baseStoryFields({ timeRestriction: 'time_of_day', unlockStartTime: '08:00', unlockEndTime: '24:00' }), 'Unlock end time must be in HH:MM format'));
    it('season outside the list', () => expect400(baseStoryFields({ timeRestriction: 'season', unlockSeason: 'monsoon' }), 'Season must be one of: spring, summer, autumn, winter'));
    it('weather outside the list', () => expect400(baseStoryFields({ timeRestriction: 'weather', unlockWeather: 'foggy' }), 'Weather must be one of: sunny, rainy, cloudy, stormy'));
    it('time restriction outside the list', () => expect400(baseStoryFields({ timeRestriction: 'moon' }), 'Time restriction must be one of: none, time_of_day, season, weather'));
    it('duration not a number', () => expect400(baseStoryFields({ duration: 'long' }), 'Duration must be a number of seconds.'));
    it('duration negative', () => expect400(baseStoryFields({ duration: '-3' }), 'Duration must be a number of seconds.'));

    it('the spec order: missing information wins over missing content', () =>
      expect400(baseStoryFields({ title: '', content: '' }), 'Missing information: Please fill in all required fields.'));

    it('a field sent as a file is refused by name, never a 500', async () => {
      const res = await post(baseStoryFields({ title: '' }), { title: { data: Buffer.from('x') } });
      expect(res.statusCode).toBe(400);
    });
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
      const res = await post(baseStoryFields({ type: 'audio', duration: 'Infinity' }), { audio: { data: liveWebmAudio(2), filename: 'story.webm' } });
      expect(res.statusCode).toBe(201);
      expect(res.json().duration).toBe(2);
    });

    it("stores the file's measured length, not the form's (issue 22: a 2-second recording posted as 6 hours)", async () => {
      for (const duration of ['12', '21600']) {
        const res = await post(baseStoryFields({ type: 'audio', duration }), { audio: { data: liveWebmAudio(2), filename: 'story.webm' } });
        expect(res.json().duration).toBe(2);
      }
    });

    it.each([
      ['Ogg/Vorbis', () => oggAudio(2), 'audio/ogg'],
      ['MP3', () => mp3Audio(2), 'audio/mpeg'],
      ['MP4/AAC', () => m4aAudio(scratch, 2), 'audio/mp4'],
    ])('accepts %s audio whatever its declared name and type', async (_name, make, servedType) => {
      const res = await post(baseStoryFields({ type: 'audio' }), { audio: { data: make(), filename: 'story.webm', contentType: 'audio/webm' } });
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
      expect(res.json()).toEqual({ message: UNSUPPORTED_MEDIA_MESSAGES.audio });
      expect(listFiles(mediaDir()).filter((f) => f.endsWith('.png'))).toEqual([]);
      expectNoLeftovers();
    });

    it('refuses audio that starts like WebM but does not decode in full with 415', async () => {
      const damaged = Buffer.concat([liveWebmAudio(1).subarray(0, 60), Buffer.alloc(2_000, 9)]);
      const res = await post(baseStoryFields({ type: 'audio' }), { audio: { data: damaged, filename: 'story.webm' } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: UNSUPPORTED_MEDIA_MESSAGES.audio });
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
      expect(res.json()).toEqual({ message: UNSUPPORTED_MEDIA_MESSAGES.image });
    });

    it('refuses a damaged JPEG with 400', async () => {
      const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 5)]);
      const res = await post(baseStoryFields({ type: 'image' }), { image: { data: broken, filename: 'x.jpg' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: UNREADABLE_MEDIA_MESSAGES.image });
    });

    it('explains an HEIC file this server cannot decode with 415', async () => {
      const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(400, 1)]);
      const res = await post(baseStoryFields({ type: 'image' }), { image: { data: heic, filename: 'IMG_0001.HEIC' } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'HEIC images cannot be read on this server. Please choose a JPEG or PNG image.' });
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
      const res = await post(baseStoryFields({ type: 'video' }), { video: { data: mp3Audio(1), filename: 'clip.mp4' } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: UNSUPPORTED_MEDIA_MESSAGES.video });
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
      await t.database.query(sql.raw(`
        CREATE FUNCTION b1_refuse_story() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected failure'; END $$`));
      await t.database.query(
        sql.raw(`CREATE TRIGGER b1_refuse_story BEFORE INSERT ON stories FOR EACH ROW EXECUTE FUNCTION b1_refuse_story()`),
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
        }).create(
          user.id,
          { fields: baseStoryFields({ type: 'audio' }), files: { audio: { path: upload, size: fs.statSync(upload).size } }, workDir },
        ),
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

describe('POST /api/stories limits', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    // 8 KB audio limit so a 3-second recording is too large.
    t = await createTestApp({ MAX_AUDIO_MB: String(8 / 1024) });
    user = await createTestUser(t.database);
  });
  afterAll(async () => t.close());

  it('refuses a file over its size limit with 413 and keeps nothing', async () => {
    const res = await postStory(t.app, user.cookie, baseStoryFields({ type: 'audio' }), {
      audio: { data: liveWebmAudio(3), filename: 'story.webm' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The audio recording is too large (maximum 8 KB).' });
    expect(listFiles(path.join(t.dataDir, 'media'))).toEqual([]);
    expect(listFiles(path.join(t.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });

  it('rate limits creation per user', async () => {
    const writer = await createTestUser(t.database);
    const statuses: number[] = [];
    for (let i = 0; i < STORY_CREATE_RATE_LIMIT.max; i++) {
      statuses.push((await postStory(t.app, writer.cookie, baseStoryFields())).statusCode);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const last = await postStory(t.app, writer.cookie, baseStoryFields());
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/Too many requests/);
    // Another account is counted separately.
    const other = await createTestUser(t.database);
    expect((await postStory(t.app, other.cookie, baseStoryFields())).statusCode).toBe(201);
  });
});
