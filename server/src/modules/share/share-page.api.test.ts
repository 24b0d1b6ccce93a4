/**
 * Link previews of shared stories (docs/design.md, rule 13): `/stories/:id` carries Open Graph / Twitter tags for a
 * visible story — locked, so never its content or media — and the generic page with 404 for a private or
 * missing one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stories } from '../../db/schema';
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from '../auth/session-store';
import { useTestApp } from '#tests/helpers/test-app';
import { pageWithTiles } from '../../app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Generic description" />
    <title>Whispers — Discover hidden stories</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const SECRET = 'The key is under the third lamp.';

/** A built client of the test's own: the page the share route fills in. */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-share-client-'));
fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);

const testApp = useTestApp({ PUBLIC_URL: 'https://whispers.example' }, { clientDir });
let author: TestUser;

beforeAll(async () => {
  author = await createTestUser(testApp.current.database, { displayName: 'Ada <Lovelace>' });
});

/** The generic page as served: the built page with the tile server written in (app.ts `pageWithTiles`). */
const genericPage = () => pageWithTiles(INDEX_HTML, testApp.current.app.tiles.client);

async function get(url: string) {
  return testApp.current.app.inject({ method: 'GET', url });
}

async function createStory(fields: Record<string, string>) {
  // An https PUBLIC_URL: this app reads its session from the __Host- cookie only.
  const cookie = author.cookie.replace(`${SESSION_COOKIE}=`, `${HOST_SESSION_COOKIE}=`);
  const response = await postStory(testApp.current.app, cookie, baseStoryFields({ content: SECRET, ...fields }));
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('GET /stories/:id link previews', () => {
  it('describes a public story by title, type, category and author — locked: no content, no media', async () => {
    const id = await createStory({ title: 'The "lamplighter" & <friends>', description: 'Heard on the square' });
    const response = await get(`/stories/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(meta(html, 'og:title')).toBe('The &quot;lamplighter&quot; &amp; &lt;friends&gt;');
    expect(meta(html, 'og:description')).toBe(
      'Text story · History · by Ada &lt;Lovelace&gt; · near Savannah, Georgia. Heard on the square',
    );
    expect(meta(html, 'og:url')).toBe(`https://whispers.example/stories/${id}`);
    expect(meta(html, 'og:image')).toBe('https://whispers.example/og-image.png');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'article:section')).toBe('History');
    expect(meta(html, 'article:tag')).toBe('Text');
    expect(meta(html, 'article:author')).toBe('Ada &lt;Lovelace&gt;');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
    // One title and one description: the story's replace the generic ones.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>The &quot;lamplighter&quot; &amp; &lt;friends&gt; — Whispers</title>');
    expect(html).not.toContain('Generic description');
    expect(html).not.toContain(SECRET);
    expect(html).not.toContain('/api/media/');
    // Tags sit in <head>, where crawlers look, and the app still mounts.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });

  it('serves a private story as the generic page with 404 and no tags', async () => {
    const id = await createStory({ title: 'Only mine', isPublic: 'false' });
    const response = await get(`/stories/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(genericPage());
    expect(response.body).not.toContain('Only mine');
  });

  it('serves a story hidden by reports as the generic page with 404', async () => {
    const id = await createStory({ title: 'Reported away' });
    await testApp.current.database.db.update(stories).set({ hiddenAt: new Date() }).where(eq(stories.id, id));
    const response = await get(`/stories/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Reported away');
  });

  it('answers 404 with the generic page for a missing story and a malformed id', async () => {
    for (const url of ['/stories/00000000-0000-4000-8000-000000000000', '/stories/not-a-uuid']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(genericPage());
    }
  });

  it('ships the preview image with the client', async () => {
    const image = fs.statSync(path.resolve(import.meta.dirname, '../../../../client/public/og-image.png'));
    expect(image.size).toBeGreaterThan(1000);
  });
});

describe('a title with $ patterns', () => {
  it("puts the title in once, literally: $& $' $` $1 $$ $<x> expand into nothing", async () => {
    const title = "$& $' $` $1 $$ $<x>";
    const id = await createStory({ title, description: "Costs $$ and $& more $'" });
    const html = (await get(`/stories/${id}`)).body;
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<html/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>$&amp; $&#39; $` $1 $$ $&lt;x&gt; — Whispers</title>');
    expect(meta(html, 'og:title')).toBe('$&amp; $&#39; $` $1 $$ $&lt;x&gt;');
    expect(meta(html, 'og:description')).toBe(
      'Text story · History · by Ada &lt;Lovelace&gt; · near Savannah, Georgia. Costs $$ and $&amp; more $&#39;',
    );
  });
});

describe("share links without PUBLIC_URL trust only this server's own Host", () => {
  const local = useTestApp({}, { clientDir });
  let id: string;

  beforeAll(async () => {
    const user = await createTestUser(local.current.database);
    const response = await postStory(local.current.app, user.cookie, baseStoryFields({ title: 'Local tale' }));
    id = response.json<{ id: string }>().id;
  });

  const page = (host: string) => local.current.app.inject({ method: 'GET', url: `/stories/${id}`, headers: { host } });

  it('a foreign Host gets the tags without absolute links, never a link to that host', async () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      '10.0.0.1',
    ]) {
      const response = await page(host);
      expect(response.statusCode).toBe(200);
      expect(meta(response.body, 'og:title')).toBe('Local tale');
      expect(meta(response.body, 'og:url')).toBeUndefined();
      expect(meta(response.body, 'og:image')).toBeUndefined();
      expect(meta(response.body, 'twitter:image')).toBeUndefined();
      expect(response.body).not.toContain(host.split(':')[0]);
    }
  });

  it('localhost and loopback addresses (npm start without PUBLIC_URL) keep their links', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST']) {
      const response = await page(host);
      expect(meta(response.body, 'og:url')).toBe(`http://${host}/stories/${id}`);
      expect(meta(response.body, 'og:image')).toBe(`http://${host}/og-image.png`);
    }
  });
});

describe('with PUBLIC_URL, the Host header plays no part', () => {
  it('links go to PUBLIC_URL whatever the Host says', async () => {
    const id = await createStory({ title: 'Public link' });
    const response = await testApp.current.app.inject({
      method: 'GET',
      url: `/stories/${id}`,
      headers: { host: 'evil.example' },
    });
    expect(meta(response.body, 'og:url')).toBe(`https://whispers.example/stories/${id}`);
    expect(response.body).not.toContain('evil.example');
  });
});
