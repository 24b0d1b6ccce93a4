import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  buildStoryFormData,
  formatCoordinate,
  formatKb,
  isPreviewDisabled,
  recordingDuration,
  switchType,
  truncatePreview,
  unlockSummary,
  validateDraft,
  type StoryDraft,
} from './draft';

const here = { latitude: 32.0835, longitude: -81.0998 };
const base: StoryDraft = { ...EMPTY_DRAFT, title: 'Ghost of the square', category: 'Mystery' };

const file = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

describe('validateDraft (spec section 5)', () => {
  it('asks for title, category and location first', () => {
    expect(validateDraft({ ...base, title: '   ', type: 'text', content: 'x' }, here)).toBe(
      'Missing information: Please fill in all required fields.',
    );
    expect(validateDraft({ ...base, category: '', type: 'text', content: 'x' }, here)).toBe(
      'Missing information: Please fill in all required fields.',
    );
    expect(validateDraft({ ...base, type: 'text', content: 'x' }, null)).toBe(
      'Missing information: Please fill in all required fields.',
    );
  });

  it('checks the content of each type', () => {
    expect(validateDraft({ ...base, type: 'text', content: ' \n ' }, here)).toBe(
      'Missing content: Please write your story content.',
    );
    expect(validateDraft({ ...base, type: 'text', content: 'Once' }, here)).toBeNull();

    expect(validateDraft({ ...base, type: 'audio' }, here)).toBe(
      'Missing recording: Please record your story first. Make sure to stop the recording before submitting.',
    );
    expect(validateDraft({ ...base, type: 'audio', audio: { blob: new Blob([]), duration: 0 } }, here)).toBe(
      'Recording error: Audio recording failed. Please try again.',
    );
    expect(validateDraft({ ...base, type: 'audio', audio: { blob: new Blob(['abc']), duration: 1 } }, here)).toBeNull();

    expect(validateDraft({ ...base, type: 'image' }, here)).toBe(
      'Missing image: Please select an image for your story.',
    );
    expect(validateDraft({ ...base, type: 'image', image: file('a.png', 'image/png') }, here)).toBeNull();

    expect(validateDraft({ ...base, type: 'video' }, here)).toBe(
      'Missing video: Please select a video file for your story.',
    );
    expect(
      validateDraft({ ...base, type: 'video', video: { file: file('v.mp4', 'video/mp4'), duration: 3 } }, here),
    ).toBeNull();

    expect(validateDraft({ ...base, type: 'tiktok', tiktokUrl: '  ' }, here)).toBe(
      'Missing TikTok URL: Please paste a TikTok video URL.',
    );
    expect(validateDraft({ ...base, type: 'tiktok', tiktokUrl: 'https://example.com/@a/video/1' }, here)).toBe(
      'Invalid TikTok URL: Please paste a valid TikTok video URL.',
    );
    expect(
      validateDraft(
        { ...base, type: 'tiktok', tiktokUrl: 'https://www.tiktok.com/@user/video/7234567890123456789' },
        here,
      ),
    ).toBeNull();
  });
});

describe('isPreviewDisabled', () => {
  it('is disabled while pending or without title, category or location', () => {
    expect(isPreviewDisabled(base, here, false)).toBe(false);
    expect(isPreviewDisabled(base, here, true)).toBe(true);
    expect(isPreviewDisabled({ ...base, title: '' }, here, false)).toBe(true);
    expect(isPreviewDisabled({ ...base, category: '' }, here, false)).toBe(true);
    expect(isPreviewDisabled(base, null, false)).toBe(true);
  });
});

describe('switchType', () => {
  it('keeps shared fields and clears the other types’ inputs', () => {
    const filled: StoryDraft = {
      ...base,
      description: 'd',
      content: 'text',
      image: file('a.png', 'image/png'),
      tiktokUrl: 'https://www.tiktok.com/@a/video/1',
      timeRestriction: 'season',
      unlockSeason: 'winter',
    };
    const next = switchType(filled, 'video');
    expect(next).toMatchObject({ type: 'video', title: base.title, category: 'Mystery', description: 'd' });
    expect(next).toMatchObject({ content: '', image: null, audio: null, video: null, tiktokUrl: '' });
    expect(next).toMatchObject({ timeRestriction: 'season', unlockSeason: 'winter' });
    expect(switchType(filled, filled.type)).toBe(filled);
  });
});

describe('buildStoryFormData (spec section 7)', () => {
  it('sends the shared fields, isPublic "true" and the text content', () => {
    const form = buildStoryFormData({ ...base, title: '  Ghost  ', type: 'text', content: 'Boo' }, here);
    expect(Object.fromEntries(form.entries())).toEqual({
      title: 'Ghost',
      description: '',
      category: 'Mystery',
      type: 'text',
      latitude: '32.0835',
      longitude: '-81.0998',
      isPublic: 'true',
      timeRestriction: 'none',
      content: 'Boo',
    });
  });

  it('sends isPublic "false" when the author switched Public off', () => {
    const form = buildStoryFormData({ ...base, type: 'text', content: 'Mine', isPublic: false }, here);
    expect(form.get('isPublic')).toBe('false');
  });

  it('sends the recording as story.webm with its duration', () => {
    const blob = new Blob(['abc'], { type: 'audio/webm' });
    const form = buildStoryFormData({ ...base, type: 'audio', audio: { blob, duration: 4 } }, here);
    expect((form.get('audio') as File).name).toBe('story.webm');
    expect(form.get('duration')).toBe('4');
    expect(form.has('content')).toBe(false);
  });

  it('sends image, video with duration, and TikTok URL with its video id', () => {
    const image = file('photo.png', 'image/png');
    expect((buildStoryFormData({ ...base, type: 'image', image }, here).get('image') as File).name).toBe('photo.png');

    const video = buildStoryFormData(
      { ...base, type: 'video', video: { file: file('v.mp4', 'video/mp4'), duration: 7 } },
      here,
    );
    expect((video.get('video') as File).name).toBe('v.mp4');
    expect(video.get('duration')).toBe('7');

    const tiktok = buildStoryFormData(
      { ...base, type: 'tiktok', tiktokUrl: ' https://www.tiktok.com/@user/video/7234567890123456789 ' },
      here,
    );
    expect(tiktok.get('tiktokUrl')).toBe('https://www.tiktok.com/@user/video/7234567890123456789');
    expect(tiktok.get('tiktokVideoId')).toBe('7234567890123456789');
  });

  it('sends time-of-day bounds only when both are set, season and weather only when chosen', () => {
    const text = { ...base, type: 'text' as const, content: 'x' };
    const half = buildStoryFormData({ ...text, timeRestriction: 'time_of_day', unlockStartTime: '18:00' }, here);
    expect(half.has('unlockStartTime')).toBe(false);
    expect(half.has('unlockEndTime')).toBe(false);

    const both = buildStoryFormData(
      { ...text, timeRestriction: 'time_of_day', unlockStartTime: '18:00', unlockEndTime: '06:00' },
      here,
    );
    expect([both.get('unlockStartTime'), both.get('unlockEndTime')]).toEqual(['18:00', '06:00']);

    const noSeason = buildStoryFormData({ ...text, timeRestriction: 'season' }, here);
    expect(noSeason.has('unlockSeason')).toBe(false);
    const season = buildStoryFormData({ ...text, timeRestriction: 'season', unlockSeason: 'winter' }, here);
    expect(season.get('unlockSeason')).toBe('winter');
    // A weather chosen earlier is not sent once the restriction is switched to something else.
    const switched = buildStoryFormData({ ...text, timeRestriction: 'none', unlockWeather: 'rainy' }, here);
    expect(switched.has('unlockWeather')).toBe(false);
  });
});

describe('helpers', () => {
  it('falls back to bytes / 16000 rounded up when the timer says 0', () => {
    expect(recordingDuration(5, 999_999)).toBe(5);
    expect(recordingDuration(0, 16_001)).toBe(2);
    expect(recordingDuration(0, 0)).toBe(0);
  });

  it('formats the preview texts', () => {
    expect(truncatePreview('a'.repeat(200))).toBe('a'.repeat(200));
    expect(truncatePreview('a'.repeat(201))).toBe(`${'a'.repeat(200)}...`);
    expect(formatKb(2048)).toBe('2.0 KB');
    expect(formatCoordinate(32.08351234)).toBe('32.08351');
    expect(formatCoordinate(null)).toBe('Unknown');
  });

  it('summarises time locks for the "Unlocks" line', () => {
    expect(unlockSummary(base)).toBeNull();
    expect(
      unlockSummary({ ...base, timeRestriction: 'time_of_day', unlockStartTime: '18:00', unlockEndTime: '06:00' }),
    ).toBe('Unlocks 18:00 - 06:00');
    expect(unlockSummary({ ...base, timeRestriction: 'season', unlockSeason: 'autumn' })).toBe('Available in autumn');
    expect(unlockSummary({ ...base, timeRestriction: 'weather', unlockWeather: 'rainy' })).toBe(
      'Unlocks during rainy weather',
    );
  });
});
