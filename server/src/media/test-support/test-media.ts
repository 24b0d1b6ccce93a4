/**
 * Test helper: small real media files made on the spot with ffmpeg (Debian package) and sharp. The WebM files
 * are written to a pipe, which makes ffmpeg's muxer behave like a browser's MediaRecorder: no Duration, no Cues.
 * Used by the media unit tests and the stories/media API tests; not imported by the app.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { Decoder } from 'ts-ebml';

export function makeMediaDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-media-'));
}

function ffmpegToBuffer(args: string[]): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-nostdin', ...args, 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
}

function ffmpegToFile(args: string[], file: string): Buffer {
  execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args, file]);
  return fs.readFileSync(file);
}

/** WebM/Opus audio as MediaRecorder writes it (streamed: no Duration, no Cues). */
export function liveWebmAudio(seconds = 3): Buffer {
  return ffmpegToBuffer([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:a',
    'libopus',
    '-f',
    'webm',
  ]);
}

/** WebM VP8 + Opus video, streamed like MediaRecorder output. */
export function liveWebmVideo(seconds = 2): Buffer {
  return ffmpegToBuffer([
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=160x120:rate=10`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${seconds}`,
    '-c:v',
    'libvpx',
    '-c:a',
    'libopus',
    '-f',
    'webm',
  ]);
}

export function oggAudio(seconds = 2): Buffer {
  return ffmpegToBuffer(['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-c:a', 'libvorbis', '-f', 'ogg']);
}

/** Ogg/Opus, as Firefox's MediaRecorder writes audio. */
export function oggOpusAudio(seconds = 2): Buffer {
  return ffmpegToBuffer(['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-c:a', 'libopus', '-f', 'ogg']);
}

export function mp3Audio(seconds = 2): Buffer {
  return ffmpegToBuffer(['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-c:a', 'libmp3lame', '-f', 'mp3']);
}

export function m4aAudio(dir: string, seconds = 2): Buffer {
  return ffmpegToFile(
    ['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-c:a', 'aac', '-f', 'ipod'],
    path.join(dir, 'a.m4a'),
  );
}

export function mp4Video(dir: string, seconds = 2): Buffer {
  return ffmpegToFile(
    [
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=160x120:rate=10`,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'mp4',
    ],
    path.join(dir, 'v.mp4'),
  );
}

export function movVideo(dir: string, seconds = 2): Buffer {
  return ffmpegToFile(
    [
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=160x120:rate=10`,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'mov',
    ],
    path.join(dir, 'v.mov'),
  );
}

/** A 3000×2000 JPEG carrying EXIF with GPS coordinates (and a camera make) that must not survive upload. */
export async function jpegWithGps(width = 3000, height = 2000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 9000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 5/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '81/1 6/1 0/1' },
    })
    .toBuffer();
}

export async function pngWithAlpha(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export async function gifImage(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff0000' } })
    .gif()
    .toBuffer();
}

/** Element names present in a WebM/Matroska file (to check for Duration and Cues). */
export function ebmlElementNames(file: Buffer): Set<string> {
  const elements = new Decoder().decode(file as unknown as ArrayBuffer);
  return new Set(elements.map((e) => e.name));
}

/** ffprobe's view of a file: container duration in seconds (NaN when unknown). */
export function probeDuration(file: string): number {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number.parseFloat(out.toString().trim());
}

/** True when ffmpeg decodes the whole file without a single error. */
export function decodesCleanly(file: string): boolean {
  const result = spawnSync('ffmpeg', ['-v', 'error', '-nostdin', '-i', file, '-f', 'null', '-']);
  return result.status === 0 && result.stderr.toString().trim() === '';
}

/** True when ffmpeg can seek to `seconds` in the file and decode from there without a single error. */
export function seeksCleanly(file: string, seconds: number): boolean {
  const result = spawnSync('ffmpeg', [
    '-v',
    'error',
    '-nostdin',
    '-ss',
    String(seconds),
    '-i',
    file,
    '-f',
    'null',
    '-',
  ]);
  return result.status === 0 && result.stderr.toString().trim() === '';
}
