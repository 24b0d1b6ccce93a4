/**
 * Story helpers for end-to-end tests: an author account with its own API session, stories created through the
 * real multipart endpoint, and small real media files generated with ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { Story } from '#common/schemas';
import { newAccount, registerViaApi, type RegisteredAccount } from './accounts';
import type { Point } from '#common/geo';

export const SAVANNAH = { latitude: 32.0835, longitude: -81.0998 };

/** A point `metres` north of `from` (1° of latitude ≈ 111,195 m). */
export function northOf(from: Point, metres: number) {
  return { latitude: from.latitude + metres / 111_195, longitude: from.longitude };
}

/** "HH:MM" `deltaMinutes` from now in an IANA zone. */
export function localHHMM(timeZone: string, deltaMinutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const minutes =
    Number(parts.find((p) => p.type === 'hour')!.value) * 60 + Number(parts.find((p) => p.type === 'minute')!.value);
  const total = (((minutes + deltaMinutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export interface Author {
  account: RegisteredAccount;
  request: APIRequestContext;
}

/** A signed-in API client of its own (not shared with any page), for seeding stories. */
export async function newAuthor(prefix = 'author'): Promise<Author> {
  const request = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const account = await registerViaApi(request, newAccount(prefix));
  return { account, request };
}

export interface MediaFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface StoryFields {
  title: string;
  category?: string;
  type?: 'audio' | 'text' | 'image' | 'video' | 'tiktok';
  description?: string;
  content?: string;
  tiktokUrl?: string;
  latitude?: number;
  longitude?: number;
  timeRestriction?: string;
  unlockStartTime?: string;
  unlockEndTime?: string;
  unlockSeason?: string;
  unlockWeather?: string;
  duration?: number;
}

/** POST /api/stories as multipart; `file` goes in the field named after the story type. */
export async function createStoryViaApi(author: Author, fields: StoryFields, file?: MediaFile): Promise<Story> {
  const {
    latitude = SAVANNAH.latitude,
    longitude = SAVANNAH.longitude,
    type = 'text',
    category = 'Mystery',
    ...rest
  } = fields;
  const multipart: Record<string, string | MediaFile> = {
    category,
    type,
    latitude: String(latitude),
    longitude: String(longitude),
    isPublic: 'true',
  };
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) multipart[key] = String(value);
  if (file) multipart[type] = file;
  // The author stands where they place the story: creation is judged against their last accepted position
  // (docs/security.md, "Location: a position is a claim": a story goes at most 200 m from it), so they read the stories around that spot first, as the app
  // does with their fix. Places over 2 km apart in one test need authors of their own (the travel rule).
  const here = await author.request.get(`/api/stories/discoverable/${latitude}/${longitude}`);
  expect(here.status(), await here.text()).toBe(200);
  const res = await author.request.post('/api/stories', { multipart });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Story;
}

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

function ffmpegFile(name: string, args: string[]): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-d1-'));
  const out = path.join(dir, name);
  try {
    execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args, out], { stdio: 'pipe' });
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** WebM/Opus tone of `seconds` (like a MediaRecorder recording). */
export function audioWebm(seconds = 25): MediaFile {
  const buffer = ffmpegFile('story.webm', [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${seconds}`,
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
  ]);
  return { name: 'story.webm', mimeType: 'audio/webm', buffer };
}

export function imagePng(): MediaFile {
  const buffer = ffmpegFile('picture.png', ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=1', '-frames:v', '1']);
  return { name: 'picture.png', mimeType: 'image/png', buffer };
}

export function videoMp4(seconds = 3): MediaFile {
  const buffer = ffmpegFile('clip.mp4', [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=320x240:rate=15:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
  ]);
  return { name: 'clip.mp4', mimeType: 'video/mp4', buffer };
}
