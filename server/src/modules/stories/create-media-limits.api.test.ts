/**
 * docs/security.md, "Hardening, third round": an audio/video upload is judged by what its headers declare before a frame is decoded (frame
 * size, frame rate, codecs per container), and audio/video work runs through one bounded queue per process.
 * The clips are made here with ffmpeg: tiny files that declare costly frames.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { NO_AV_TOOLS } from '../../media/av';
import { makeMediaDir, mp4Video } from '../../media/test-support/test-media';
import { baseStoryFields, listFiles, postStory } from './test-support/story-helpers';

/**
 * A clip of `frames` plain frames: cheap to encode, costly to decode when large. WebM goes to a pipe, as a
 * browser's MediaRecorder writes it (no Cues, no sizes to patch afterwards).
 */
function clip(
  file: string,
  options: { size: string; rate: number; frames: number; codec: string[]; format: string },
): Buffer {
  const args = [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=teal:size=${options.size}:rate=${options.rate}`,
    '-frames:v',
    String(options.frames),
    ...options.codec,
    '-f',
    options.format,
  ];
  if (options.format === 'webm') return execFileSync('ffmpeg', [...args, 'pipe:1'], { maxBuffer: 16 * 1024 * 1024 });
  execFileSync('ffmpeg', [...args, file]);
  return fs.readFileSync(file);
}

const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const VP8 = ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '100k'];

describe('POST /api/stories: audio and video judged before decoding', () => {
  let t: TestApp;
  let user: TestUser;
  let scratch: string;
  const video = (data: Buffer) =>
    postStory(t.app, user.cookie, baseStoryFields({ type: 'video' }), { video: { data, filename: 'clip' } });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    user = await createTestUser(t.database);
    scratch = makeMediaDir();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('refuses a 4000×3000 H.264 clip with 413 (at most 1920×1080), storing nothing', async () => {
    const data = clip(path.join(scratch, 'big.mp4'), {
      size: '4000x3000',
      rate: 25,
      frames: 2,
      codec: H264,
      format: 'mp4',
    });
    const res = await video(data);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The video is too large: 4000×3000 pixels (at most 1920×1080).' });
    expect(listFiles(path.join(t.dataDir, 'media'))).toEqual([]);
  });

  it('compares pixel counts: a portrait 1080×1920 clip is accepted', async () => {
    const data = clip(path.join(scratch, 'portrait.mp4'), {
      size: '1080x1920',
      rate: 25,
      frames: 2,
      codec: H264,
      format: 'mp4',
    });
    const res = await video(data);
    expect(res.statusCode).toBe(201);
  });

  it('refuses more than 60 frames per second with 413', async () => {
    const data = clip(path.join(scratch, 'fast.mp4'), {
      size: '64x48',
      rate: 120,
      frames: 12,
      codec: H264,
      format: 'mp4',
    });
    const res = await video(data);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The video has too many frames per second: 120 (at most 60).' });
  });

  it('refuses a QuickTime file of PNG frames with 415', async () => {
    const data = clip(path.join(scratch, 'frames.mov'), {
      size: '640x480',
      rate: 5,
      frames: 2,
      codec: ['-c:v', 'png'],
      format: 'mov',
    });
    const res = await video(data);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message:
        'Unsupported video format: please choose an H.264, VP9 or AV1 video (MP4, QuickTime) or a VP8, VP9 or AV1 video (WebM), with AAC, MP3, Opus or Vorbis sound.',
    });
  });

  it('refuses an MP4 video with PCM sound with 415', async () => {
    const file = path.join(scratch, 'pcm.mov');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=size=64x48:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine',
      '-t',
      '0.5',
      ...H264,
      '-c:a',
      'pcm_s16le',
      '-f',
      'mov',
      file,
    ]);
    const res = await video(fs.readFileSync(file));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/^Unsupported video format: please choose an H\.264, VP9 or AV1 video/);
  });

  it('refuses ALAC audio in an M4A with 415', async () => {
    const file = path.join(scratch, 'alac.m4a');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-c:a',
      'alac',
      '-f',
      'ipod',
      file,
    ]);
    const res = await postStory(t.app, user.cookie, baseStoryFields({ type: 'audio' }), {
      audio: { data: fs.readFileSync(file), filename: 'a.m4a' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message:
        'Unsupported audio format: please record again or upload Opus or Vorbis audio (WebM, Ogg), AAC audio (MP4) or MP3.',
    });
  });
});

describe('POST /api/stories: without ffmpeg, the WebM track headers are judged the same way', () => {
  let t: TestApp;
  let user: TestUser;
  let scratch: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { avTools: NO_AV_TOOLS });
    user = await createTestUser(t.database);
    scratch = makeMediaDir();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('refuses a 2400×1600 WebM with 413', async () => {
    const data = clip(path.join(scratch, 'big.webm'), {
      size: '2400x1600',
      rate: 10,
      frames: 2,
      codec: VP8,
      format: 'webm',
    });
    const res = await postStory(t.app, user.cookie, baseStoryFields({ type: 'video' }), {
      video: { data, filename: 'clip.webm' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The video is too large: 2400×1600 pixels (at most 1920×1080).' });
  });
});

describe('POST /api/stories: one bounded queue for audio/video work', () => {
  let t: TestApp;
  let user: TestUser;
  let scratch: string;

  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_DISABLED: 'true',
      MEDIA_WORK_CONCURRENCY: '1',
      MEDIA_QUEUE_MAX: '1',
      MEDIA_MAX_VIDEO_SIZE: '320x240',
    });
    user = await createTestUser(t.database);
    scratch = makeMediaDir();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while every slot and the waiting line are taken, then accepts again', async () => {
    const data = mp4Video(scratch, 1);
    const post = () =>
      postStory(t.app, user.cookie, baseStoryFields({ type: 'video' }), { video: { data, filename: 'clip.mp4' } });
    let releaseSlot!: () => void;
    let releaseWaiting!: () => void;
    const slot = t.app.mediaWork.run(() => new Promise<void>((resolve) => (releaseSlot = resolve)));
    const waiting = t.app.mediaWork.run(() => new Promise<void>((resolve) => (releaseWaiting = resolve)));
    expect([t.app.mediaWork.active, t.app.mediaWork.waiting]).toEqual([1, 1]);

    const busy = await post();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.json()).toEqual({
      message: 'The server is busy processing other recordings and videos. Please try again in a moment.',
    });

    releaseSlot();
    await slot;
    releaseWaiting();
    await waiting;
    const accepted = await post();
    expect(accepted.statusCode).toBe(201);
    expect([t.app.mediaWork.active, t.app.mediaWork.waiting]).toEqual([0, 0]);
  });

  it('uses the configured frame size (MEDIA_MAX_VIDEO_SIZE=320x240)', async () => {
    const data = clip(path.join(scratch, 'vga.mp4'), {
      size: '640x480',
      rate: 10,
      frames: 2,
      codec: H264,
      format: 'mp4',
    });
    const res = await postStory(t.app, user.cookie, baseStoryFields({ type: 'video' }), {
      video: { data, filename: 'clip.mp4' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The video is too large: 640×480 pixels (at most 320×240).' });
  });
});
