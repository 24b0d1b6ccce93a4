/**
 * One public-text rule for every text others see (common/text.ts `hasUnsafeTextCharacters`): story and tour
 * titles, descriptions and content, display names and bios refuse bidi overrides and isolates, zero-width and
 * control characters (line breaks too in single-line fields) with a clear 400; and a share page built from a
 * text stored before the rule shows none of them in `<title>`, og:title or og:description.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth } from '#common/geo';
import { useTestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';
import { insertStory } from '../stories/test-support/story-fixtures';

/** The forms from the report, each a character others must never be shown. */
const HOSTILE = [
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u001b[31m',
  '\u0007',
  '\u0085',
  '\r\n',
  '\n',
  '\t',
];
/** The same, minus what a multi-line field may hold (line breaks, tabs). */
const HOSTILE_MULTI_LINE = HOSTILE.filter((text) => !['\r\n', '\n', '\t'].includes(text));

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-public-text-'));
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html><head><title>Whispers</title></head><body></body></html>',
);
const testApp = useTestApp({ RATE_LIMIT_DISABLED: 'true' }, { clientDir });
let author: TestUser;

beforeAll(async () => {
  author = await createTestUser(testApp.current.database, { displayName: 'Tess Author' });
});

const inject = (method: 'POST' | 'PATCH', url: string, payload: object, cookie = author.cookie) =>
  testApp.current.app.inject({ method, url, payload, headers: { cookie } });

async function twoStops(): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    ids.push(
      (
        await insertStory(testApp.current.database, {
          authorId: author.id,
          ...offsetNorth(DEFAULT_CENTER, i * 200),
          title: `Stop ${i}`,
        })
      ).id,
    );
  }
  return ids;
}

describe('the public-text rule', () => {
  it('story titles, descriptions and content: 400 with the field’s message', async () => {
    for (const bad of HOSTILE) {
      const res = await postStory(
        testApp.current.app,
        author.cookie,
        baseStoryFields({ title: `Harbour${bad}lights` }),
      );
      expect({ bad, status: res.statusCode, body: res.json() }).toEqual({
        bad,
        status: 400,
        body: { message: 'Title can only contain letters, numbers, spaces, punctuation and emoji' },
      });
    }
    for (const bad of HOSTILE_MULTI_LINE) {
      const res = await postStory(
        testApp.current.app,
        author.cookie,
        baseStoryFields({ description: `Heard${bad}here` }),
      );
      expect(res.json().message, JSON.stringify(bad)).toBe(
        'Description can only contain letters, numbers, spaces, line breaks, punctuation and emoji',
      );
    }
    // A description and content may break lines (browsers send CRLF).
    const fine = await postStory(
      testApp.current.app,
      author.cookie,
      baseStoryFields({ title: 'Harbour lights 🌊', description: 'Heard\r\nhere', content: 'One\r\n\r\nTwo\tthree' }),
    );
    expect(fine.statusCode, fine.body).toBe(201);
    const id = fine.json().id as string;
    for (const bad of HOSTILE) {
      const res = await inject('PATCH', `/api/stories/${id}`, { title: `Harbour${bad}lights` });
      expect({ bad, status: res.statusCode, message: res.json().message }).toEqual({
        bad,
        status: 400,
        message: 'Title can only contain letters, numbers, spaces, punctuation and emoji',
      });
    }
    for (const bad of HOSTILE_MULTI_LINE) {
      const res = await inject('PATCH', `/api/stories/${id}`, { content: `One${bad}two` });
      expect(res.json().message, JSON.stringify(bad)).toBe(
        'Content can only contain letters, numbers, spaces, line breaks, punctuation and emoji',
      );
    }
  });

  it('tour titles and descriptions, on create and on edit', async () => {
    const storyIds = await twoStops();
    for (const bad of HOSTILE) {
      const res = await inject('POST', '/api/tours', { title: `Old${bad}town`, storyIds });
      expect({ bad, status: res.statusCode, message: res.json().message }).toEqual({
        bad,
        status: 400,
        message: 'Title can only contain letters, numbers, spaces, punctuation and emoji',
      });
    }
    for (const bad of HOSTILE_MULTI_LINE) {
      const res = await inject('POST', '/api/tours', { title: 'Old town', description: `A${bad}walk`, storyIds });
      expect(res.json().message, JSON.stringify(bad)).toBe(
        'Description can only contain letters, numbers, spaces, line breaks, punctuation and emoji',
      );
    }
    const created = await inject('POST', '/api/tours', {
      title: 'Old town',
      description: 'A walk\nby the river',
      storyIds,
    });
    expect(created.statusCode, created.body).toBe(201);
    const edit = await inject('PATCH', `/api/tours/${created.json().id}`, { title: 'Old\u202etown' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Title can only contain letters, numbers, spaces, punctuation and emoji');
  });

  it('display names and bios', async () => {
    const user = await createTestUser(testApp.current.database);
    const setup = (fields: object) =>
      inject(
        'POST',
        '/api/user/setup',
        { username: user.username, displayName: 'Plain Name', bio: '', ...fields },
        user.cookie,
      );
    const name = await setup({ displayName: 'Ada\u200bLovelace' });
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe('Display name can only contain letters, numbers, spaces, punctuation and emoji');
    const bio = await setup({ bio: 'Walker\u202e of towns' });
    expect(bio.statusCode).toBe(400);
    expect(bio.json().message).toBe(
      'Bio can only contain letters, numbers, spaces, line breaks, punctuation and emoji',
    );
    expect((await setup({ bio: 'Walker\nof towns' })).statusCode).toBe(200);
  });

  it('a share page shows none of them, even from a text stored before the rule', async () => {
    const { database } = testApp.current;
    const story = await insertStory(database, {
      authorId: author.id,
      ...DEFAULT_CENTER,
      title: 'Evil\u202e\u200btitle\r\n\u001b[31mred\u0007',
      description: 'Line\r\nbreak\u2066',
    });
    const storyPage = (await testApp.current.app.inject({ url: `/stories/${story.id}` })).body;
    const storyIds = await twoStops();
    const tour = await inject('POST', '/api/tours', { title: 'Fine', storyIds });
    const tourId = tour.json().id as string;
    await database.query(
      sql`UPDATE tours SET title = ${'Tour\u202e\r\nname\u200b'}, description = ${'Walk\u0007\nit'} WHERE id = ${tourId}::uuid`,
    );
    const tourPage = (await testApp.current.app.inject({ url: `/tours/${tourId}` })).body;
    for (const page of [storyPage, tourPage]) {
      const head = page.slice(0, page.indexOf('</head>'));
      // Controls (C0, C1) and format characters (bidi, zero-width, BOM); the page's own line breaks aside.
      expect(head.replace(/\n/g, ''), JSON.stringify(head)).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      for (const key of ['og:title', 'twitter:title', 'og:description']) {
        const value = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(head)?.[1];
        expect(value, key).toBeDefined();
        expect(value, key).not.toMatch(/[\r\n]/);
      }
    }
    expect(storyPage).toContain('<title>Eviltitle [31mred — Whispers</title>');
    expect(tourPage).toContain('<title>Tour name — Whispers</title>');
  });
});
