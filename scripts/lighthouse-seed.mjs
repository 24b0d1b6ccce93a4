// Stories around the default centre for `npm run lighthouse` (bench/README.md): the pages are measured as a reader sees
// them with stories about — the nearby list full of cards, markers on the map — not as an empty town.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CATEGORIES = [
  'Mystery',
  'Adventure',
  'History',
  'Fantasy',
  'Personal',
  'Romance',
  'Horror',
  'Nature',
  'Science Fiction',
];
const WORDS =
  'lamp river oak bell square harbour iron ghost garden stair fountain cotton moss lantern tide chapel'.split(' ');
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

/** A small real PNG / WebM made with ffmpeg (a test pattern, a tone); null when ffmpeg is missing. */
function mediaFile(name, type, args) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-lh-media-'));
  try {
    execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args, path.join(dir, name)], {
      stdio: 'pipe',
    });
    return new Blob([fs.readFileSync(path.join(dir, name))], { type });
  } catch {
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A deterministic pseudo-random sequence, so every run seeds the same town. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function register(baseUrl, name, { exactName = false } = {}) {
  const account = {
    username: exactName ? name : `${name}_${Date.now().toString(36)}`,
    displayName: `Lighthouse ${name}`,
    email: `${name}@example.test`,
    password: 'lighthouse-pw-1',
  };
  const res = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(account),
  });
  if (res.status !== 201) throw new Error(`seeding: register answered ${res.status}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/**
 * `count` public stories of mixed types (text, image, audio, TikTok) and categories by three authors, scattered
 * within about `radiusM` metres of `centre`. Each author first reads the stories where the story goes, as the
 * app does with their fix (a story is placed at most 200 m from its author's last position).
 */
export async function seedStories(baseUrl, centre, { count = 30, radiusM = 900 } = {}) {
  const next = random(28);
  const png = mediaFile('picture.png', 'image/png', [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=1',
    '-frames:v',
    '1',
  ]);
  const webm = mediaFile('story.webm', 'audio/webm', [
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=8',
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
  ]);
  const types = ['text', 'text', 'tiktok', ...(png ? ['image'] : []), ...(webm ? ['audio'] : [])];
  const authors = [];
  for (const name of ['lh_ada', 'lh_ben', 'lh_cy']) authors.push(await register(baseUrl, name));
  const made = {};
  const firstAuthorsStories = [];
  for (let i = 0; i < count; i++) {
    const cookie = authors[i % authors.length];
    const distance = Math.sqrt(next()) * radiusM;
    const bearing = next() * 2 * Math.PI;
    const latitude = centre.latitude + (distance * Math.cos(bearing)) / 111_195;
    const longitude =
      centre.longitude + (distance * Math.sin(bearing)) / (111_195 * Math.cos((centre.latitude * Math.PI) / 180));
    const here = await fetch(`${baseUrl}/api/stories/discoverable/${latitude}/${longitude}`, { headers: { cookie } });
    if (!here.ok) throw new Error(`seeding: discoverable answered ${here.status}`);
    const type = types[i % types.length];
    const words = (n) => Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
    const title = words(3 + Math.floor(next() * 3));
    const fields = {
      title: title[0].toUpperCase() + title.slice(1),
      description: `${words(8 + Math.floor(next() * 10))}.`,
      category: CATEGORIES[i % CATEGORIES.length],
      type,
      latitude: String(latitude),
      longitude: String(longitude),
      isPublic: 'true',
      timeRestriction: 'none',
    };
    if (type === 'text') fields.content = `${words(40 + Math.floor(next() * 80))}.`;
    if (type === 'tiktok')
      fields.tiktokUrl = `https://www.tiktok.com/@whispers.test/video/73000000000000000${String(i).padStart(2, '0')}`;
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (type === 'image') form.append('image', png, 'picture.png');
    if (type === 'audio') form.append('audio', webm, 'story.webm');
    const created = await fetch(`${baseUrl}/api/stories`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl },
      body: form,
    });
    if (created.status !== 201)
      throw new Error(`seeding: create (${type}) answered ${created.status} ${await created.text()}`);
    made[type] = (made[type] ?? 0) + 1;
    if (i % authors.length === 0) firstAuthorsStories.push((await created.json()).id);
  }
  // A tour of the first author's first three stories: the tour page is measured with real stops.
  const tour = await fetch(`${baseUrl}/api/tours`, {
    method: 'POST',
    headers: { cookie: authors[0], origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Lanterns by the harbour', storyIds: firstAuthorsStories.slice(0, 3) }),
  });
  if (tour.status !== 201) throw new Error(`seeding: tour answered ${tour.status} ${await tour.text()}`);
  return { made, storyId: firstAuthorsStories[0], tourId: (await tour.json()).id };
}

/** An account made admin at sign-up (the app runs with ADMIN_USERNAMES=lh_admin): its session cookie. */
export async function seedAdmin(baseUrl) {
  return register(baseUrl, 'lh_admin', { exactName: true });
}
