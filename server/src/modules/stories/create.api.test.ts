// POST /api/stories: access, answer shape, validation messages and limits (media checks: create-media.api.test.ts).
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_CREATE_RATE_LIMIT } from '#common/constants';
import { storySchema } from '#common/schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories } from '../../db/schema';
import { liveWebmAudio } from '../../media/test-support/test-media';
import { baseStoryFields, listFiles, postStory } from './test-support/story-helpers';

describe('POST /api/stories', () => {
  let t: TestApp;
  let user: TestUser;
  const post = (fields: Record<string, string>, files?: Parameters<typeof postStory>[3]) =>
    postStory(t.app, user.cookie, fields, files);

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    user = await createTestUser(t.database, { displayName: 'Ada Storyteller' });
  });
  afterAll(async () => t.close());

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
      const res = await post(
        baseStoryFields({ title: '  The lamplighter  ', content: 'One two  three,\nfour — five.' }),
      );
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
      const window = await post(
        baseStoryFields({
          timeRestriction: 'time_of_day',
          unlockStartTime: '22:00',
          unlockEndTime: '02:00',
          unlockSeason: 'winter',
        }),
      );
      expect(window.statusCode).toBe(201);
      expect(window.json()).toMatchObject({
        timeRestriction: 'time_of_day',
        unlockStartTime: '22:00',
        unlockEndTime: '02:00',
        unlockSeason: null,
      });
      const season = await post(
        baseStoryFields({ timeRestriction: 'season', unlockSeason: 'autumn', unlockWeather: 'rainy' }),
      );
      expect(season.json()).toMatchObject({ timeRestriction: 'season', unlockSeason: 'autumn', unlockWeather: null });
      const weather = await post(baseStoryFields({ timeRestriction: 'weather', unlockWeather: 'stormy' }));
      expect(weather.json()).toMatchObject({ timeRestriction: 'weather', unlockWeather: 'stormy' });
      const none = await post(
        baseStoryFields({ timeRestriction: 'none', unlockStartTime: '10:00', unlockEndTime: '11:00' }),
      );
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
    const expect400 = async (
      fields: Record<string, string>,
      message: string,
      files?: Parameters<typeof postStory>[3],
    ) => {
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

    it('category outside the nine', () =>
      expect400(
        baseStoryFields({ category: 'Cooking' }),
        'Category must be one of: Mystery, Adventure, History, Fantasy, Personal, Romance, Horror, Nature, Science Fiction',
      ));
    it('type outside the five', () =>
      expect400(baseStoryFields({ type: 'poem' }), 'Type must be one of: audio, text, image, video, tiktok'));
    it('latitude not a number', () => expect400(baseStoryFields({ latitude: 'north' }), 'Latitude must be a number'));
    it('latitude out of range', () =>
      expect400(baseStoryFields({ latitude: '90.5' }), 'Latitude must be between -90 and 90'));
    it('longitude out of range', () =>
      expect400(baseStoryFields({ longitude: '-181' }), 'Longitude must be between -180 and 180'));
    it('title too long', () =>
      expect400(baseStoryFields({ title: 'x'.repeat(201) }), 'Title must be at most 200 characters'));
    it('isPublic not a boolean', () =>
      expect400(baseStoryFields({ isPublic: 'yes' }), 'isPublic must be "true" or "false"'));
    it('text without content', () =>
      expect400(baseStoryFields({ content: ' \n ' }), 'Missing content: Please write your story content.'));
    it('audio without a recording', () =>
      expect400(
        baseStoryFields({ type: 'audio' }),
        'Missing recording: Please record your story first. Make sure to stop the recording before submitting.',
      ));
    it('audio with an empty recording', () =>
      expect400(baseStoryFields({ type: 'audio' }), 'Recording error: Audio recording failed. Please try again.', {
        audio: { data: Buffer.alloc(0), filename: 'story.webm' },
      }));
    it('image without a file', () =>
      expect400(baseStoryFields({ type: 'image' }), 'Missing image: Please select an image for your story.'));
    it('video without a file', () =>
      expect400(baseStoryFields({ type: 'video' }), 'Missing video: Please select a video file for your story.'));
    it('TikTok without a URL', () =>
      expect400(
        baseStoryFields({ type: 'tiktok', tiktokUrl: ' ' }),
        'Missing TikTok URL: Please paste a TikTok video URL.',
      ));
    it('TikTok with a foreign host', () =>
      expect400(
        baseStoryFields({ type: 'tiktok', tiktokUrl: 'https://youtube.com/@u/video/7234567890123456789' }),
        'Invalid TikTok URL: Please paste a valid TikTok video URL.',
      ));
    it('time window with a start but no end', () =>
      expect400(
        baseStoryFields({ timeRestriction: 'time_of_day', unlockStartTime: '08:00' }),
        'Time-of-day locks need both a start and an end time (HH:MM).',
      ));
    it('time not in HH:MM', () =>
      expect400(
        baseStoryFields({ timeRestriction: 'time_of_day', unlockStartTime: '8am', unlockEndTime: '09:00' }),
        'Unlock start time must be in HH:MM format',
      ));
    it('end time not in HH:MM', () =>
      expect400(
        baseStoryFields({ timeRestriction: 'time_of_day', unlockStartTime: '08:00', unlockEndTime: '24:00' }),
        'Unlock end time must be in HH:MM format',
      ));
    it('season outside the list', () =>
      expect400(
        baseStoryFields({ timeRestriction: 'season', unlockSeason: 'monsoon' }),
        'Season must be one of: spring, summer, autumn, winter',
      ));
    it('weather outside the list', () =>
      expect400(
        baseStoryFields({ timeRestriction: 'weather', unlockWeather: 'foggy' }),
        'Weather must be one of: sunny, rainy, cloudy, stormy',
      ));
    it('time restriction outside the list', () =>
      expect400(
        baseStoryFields({ timeRestriction: 'moon' }),
        'Time restriction must be one of: none, time_of_day, season, weather',
      ));
    it('duration not a number', () =>
      expect400(baseStoryFields({ duration: 'long' }), 'Duration must be a number of seconds.'));
    it('duration negative', () =>
      expect400(baseStoryFields({ duration: '-3' }), 'Duration must be a number of seconds.'));

    it('the spec order: missing information wins over missing content', () =>
      expect400(
        baseStoryFields({ title: '', content: '' }),
        'Missing information: Please fill in all required fields.',
      ));

    it('a field sent as a file is refused by name, never a 500', async () => {
      const res = await post(baseStoryFields({ title: '' }), { title: { data: Buffer.from('x') } });
      expect(res.statusCode).toBe(400);
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
