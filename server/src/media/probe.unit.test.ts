/** docs/security.md, "Hardening, third round": reading ffprobe's answer, the limits judged on it, and the bounded media work queue. */
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { UnreadableMediaError } from './av-errors';
import {
  checkProbe,
  DEFAULT_MEDIA_LIMITS,
  MediaTooLargeError,
  parseFfprobeJson,
  UnsupportedCodecError,
  type MediaProbe,
} from './probe';
import { createMediaWorkQueue, MediaQueueFullError } from './work-queue';

/** As `ffprobe -show_entries stream=…:format=duration -of json` prints it for an MP4 with sound. */
const FFPROBE_MP4 = `{
    "programs": [],
    "streams": [
        { "codec_name": "h264", "codec_type": "video", "width": 1280, "height": 720, "avg_frame_rate": "30000/1001" },
        { "codec_name": "aac", "codec_type": "audio", "avg_frame_rate": "0/0" },
        { "codec_name": "bin_data", "codec_type": "data", "avg_frame_rate": "0/0" }
    ],
    "format": { "duration": "12.345000" }
}`;

const video = (codec: string, width: number, height: number, frameRate?: number): MediaProbe => ({
  streams: [{ type: 'video', codec, width, height, frameRate }],
  durationSeconds: 2,
});

describe('parseFfprobeJson', () => {
  it('reads codecs, frame size, average frame rate and duration', () => {
    const probe = parseFfprobeJson(FFPROBE_MP4);
    expect(probe.durationSeconds).toBe(12.345);
    expect(probe.streams).toEqual([
      { type: 'video', codec: 'h264', width: 1280, height: 720, frameRate: 30000 / 1001 },
      { type: 'audio', codec: 'aac', width: undefined, height: undefined, frameRate: undefined },
      { type: 'other', codec: 'bin_data', width: undefined, height: undefined, frameRate: undefined },
    ]);
  });

  it('reads "N/A" and missing values as unknown', () => {
    const probe = parseFfprobeJson(
      '{"streams":[{"codec_type":"video","avg_frame_rate":"0/0"}],"format":{"duration":"N/A"}}',
    );
    expect(probe).toEqual({
      streams: [{ type: 'video', codec: 'unknown', width: undefined, height: undefined, frameRate: undefined }],
      durationSeconds: null,
    });
  });

  it('refuses an answer that is not JSON as unreadable media', () => {
    expect(() => parseFfprobeJson('Invalid data found when processing input')).toThrow(UnreadableMediaError);
  });
});

describe('checkProbe', () => {
  const check =
    (probe: MediaProbe, kind: 'audio' | 'video' = 'video', container: 'mp4' | 'webm' | 'quicktime' | 'ogg' = 'mp4') =>
    () =>
      checkProbe(kind, container, probe, DEFAULT_MEDIA_LIMITS);

  it('accepts 1920×1080 and its portrait 1080×1920 (pixel counts), refuses one pixel row more', () => {
    expect(check(video('h264', 1920, 1080, 30))).not.toThrow();
    expect(check(video('h264', 1080, 1920, 30))).not.toThrow();
    expect(check(video('h264', 1920, 1081, 30))).toThrow(
      new MediaTooLargeError('dimensions', 'The video is too large: 1920×1081 pixels (at most 1920×1080).'),
    );
    expect(check(video('h264', 8192, 4320, 60))).toThrow(
      'The video is too large: 8192×4320 pixels (at most 1920×1080).',
    );
  });

  it('accepts 60 and 59.94 frames per second, refuses 120', () => {
    expect(check(video('h264', 640, 480, 60))).not.toThrow();
    expect(check(video('h264', 640, 480, 60000 / 1001))).not.toThrow();
    expect(check(video('h264', 640, 480, 120))).toThrow('The video has too many frames per second: 120 (at most 60).');
  });

  it('refuses a length over the spec ceiling of 6 hours', () => {
    expect(check({ ...video('vp9', 640, 480), durationSeconds: 6 * 3600 + 1 }, 'video', 'webm')).toThrow(
      'The video is too long (at most 6 hours).',
    );
  });

  it('allows H.264/VP9/AV1 in MP4 and QuickTime, VP8/VP9/AV1 in WebM, and nothing else', () => {
    for (const codec of ['h264', 'vp9', 'av1']) expect(check(video(codec, 64, 48), 'video', 'quicktime')).not.toThrow();
    for (const codec of ['vp8', 'vp9', 'av1']) expect(check(video(codec, 64, 48), 'video', 'webm')).not.toThrow();
    expect(check(video('png', 64, 48), 'video', 'quicktime')).toThrow(UnsupportedCodecError);
    expect(check(video('prores', 64, 48), 'video', 'quicktime')).toThrow(UnsupportedCodecError);
    expect(check(video('h264', 64, 48), 'video', 'webm')).toThrow(UnsupportedCodecError);
    expect(check(video('mjpeg', 64, 48))).toThrow(UnsupportedCodecError);
  });

  it('judges the sound of a video and the audio of an audio upload; an audio file’s cover picture is not judged', () => {
    const withSound = (codec: string): MediaProbe => ({
      streams: [...video('h264', 64, 48).streams, { type: 'audio', codec }],
      durationSeconds: 1,
    });
    expect(check(withSound('aac'))).not.toThrow();
    expect(check(withSound('pcm_s16le'))).toThrow(UnsupportedCodecError);
    const audioWithCover: MediaProbe = {
      streams: [
        { type: 'audio', codec: 'aac' },
        { type: 'video', codec: 'mjpeg', width: 9000, height: 9000 },
      ],
      durationSeconds: 1,
    };
    expect(check(audioWithCover, 'audio')).not.toThrow();
    expect(check({ streams: [{ type: 'audio', codec: 'flac' }], durationSeconds: 1 }, 'audio', 'ogg')).toThrow(
      UnsupportedCodecError,
    );
  });

  it('refuses a file without a stream of its kind as unreadable', () => {
    expect(check({ streams: [{ type: 'audio', codec: 'aac' }], durationSeconds: 1 })).toThrow(UnreadableMediaError);
  });
});

describe('createMediaWorkQueue', () => {
  function gate() {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  }

  it('runs at most `concurrency` at once, lets `maxWaiting` wait in order, refuses the rest at once', async () => {
    const queue = createMediaWorkQueue({ concurrency: 2, maxWaiting: 1 });
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([queue.active, queue.waiting]).toEqual([2, 1]);
    await expect(queue.run(async () => 'late')).rejects.toThrow(MediaQueueFullError);

    gates[0]!.open();
    await runs[0];
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    expect([queue.active, queue.waiting]).toEqual([2, 0]);
    gates[1]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when the work fails', async () => {
    const queue = createMediaWorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow('ffmpeg failed');
    expect(await queue.run(async () => 'next')).toBe('next');
    expect(queue.active).toBe(0);
  });
});

describe('MEDIA_* settings', () => {
  it('default to 1920×1080, 60 fps, one file at a time and four waiting', () => {
    const config = loadConfig({});
    expect(config.mediaLimits).toEqual({ maxVideoSize: { width: 1920, height: 1080 }, maxFrameRate: 60 });
    expect(config.mediaWork).toEqual({ concurrency: 1, maxWaiting: 4 });
  });

  it('read overrides', () => {
    const config = loadConfig({
      MEDIA_MAX_VIDEO_SIZE: '1280x720',
      MEDIA_MAX_FRAME_RATE: '30',
      MEDIA_WORK_CONCURRENCY: '2',
      MEDIA_QUEUE_MAX: '0',
    });
    expect(config.mediaLimits).toEqual({ maxVideoSize: { width: 1280, height: 720 }, maxFrameRate: 30 });
    expect(config.mediaWork).toEqual({ concurrency: 2, maxWaiting: 0 });
  });

  it.each([
    ['MEDIA_MAX_VIDEO_SIZE', '1920*1080', 'MEDIA_MAX_VIDEO_SIZE must look like 1920x1080'],
    ['MEDIA_MAX_VIDEO_SIZE', '8x8', 'MEDIA_MAX_VIDEO_SIZE must be at least 16x16'],
    ['MEDIA_WORK_CONCURRENCY', '0', 'MEDIA_WORK_CONCURRENCY'],
    ['MEDIA_QUEUE_MAX', '-1', 'MEDIA_QUEUE_MAX'],
    ['MEDIA_MAX_FRAME_RATE', 'fast', 'MEDIA_MAX_FRAME_RATE'],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
