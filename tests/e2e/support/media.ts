/**
 * Small real media files for upload tests: a PNG and a JPEG drawn with sharp, and short MP4 / WebM clips made
 * with ffmpeg (a test pattern with a tone), written into a fresh temporary folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export interface TestMedia {
  dir: string;
  png: string;
  jpeg: string;
  mp4: string;
  webm: string;
}

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

function ffmpeg(args: string[]) {
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
}

/** A gradient-ish picture (not a flat colour) so re-encoding on the server has something to work with. */
async function drawImage(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 160;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

export async function createTestMedia(): Promise<TestMedia> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-e2e-media-'));
  const png = path.join(dir, 'moment.png');
  const jpeg = path.join(dir, 'moment.jpg');
  const mp4 = path.join(dir, 'clip.mp4');
  const webm = path.join(dir, 'clip.webm');

  await (await drawImage(320, 240)).png().toFile(png);
  await (await drawImage(640, 480)).jpeg({ quality: 80 }).toFile(jpeg);

  const source = [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=15:duration=3',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=3',
  ];
  ffmpeg([
    ...source,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    mp4,
  ]);
  ffmpeg([...source, '-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libopus', '-shortest', webm]);

  return { dir, png, jpeg, mp4, webm };
}

export function removeTestMedia(media: TestMedia | undefined) {
  if (media) fs.rmSync(media.dir, { recursive: true, force: true });
}
