/**
 * QR codes, posters and embeddable cards (docs/decisions/055-qr-posters-and-embeds.md): the PNG code decodes to the
 * share page's URL (built from PUBLIC_URL), the SVG is well-formed, no answer carries a story's content, a story the
 * share page hides (private, hidden, missing, its author blocked by the requester) has none, hostile titles are
 * escaped, and the embed page alone may be framed by the sites of EMBED_ORIGINS.
 */
import { eq } from 'drizzle-orm';
import { XMLValidator } from 'fast-xml-parser';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth } from '#common/geo';
import { useTestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories } from '../../db/schema';
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from '../auth/session-store';
import { insertStory } from '../stories/test-support/story-fixtures';

const ORIGIN = 'https://whispers.example';
const CONTENT = 'SECRET-CONTENT-under-the-lamp';
const HOSTILE = `<script>alert("x")</script> "Quoted" & 'single'`;

/** The code's text, read from the PNG as a phone's camera would. */
function decodePng(bytes: Buffer): string | undefined {
  const png = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

const app = useTestApp({ PUBLIC_URL: ORIGIN, EMBED_ORIGINS: 'https://blog.example, https://*.museum.example' });
let author: TestUser;
let reader: TestUser;
let storyId: string;
let hostileId: string;
let tourId: string;

/** An https PUBLIC_URL: the app reads its session from the __Host- cookie only. */
const cookieOf = (user: TestUser) => user.cookie.replace(`${SESSION_COOKIE}=`, `${HOST_SESSION_COOKIE}=`);
const get = (url: string, user?: TestUser) =>
  app.current.app.inject({ method: 'GET', url, headers: user ? { cookie: cookieOf(user) } : {} });

beforeAll(async () => {
  const { database } = app.current;
  author = await createTestUser(database, { displayName: 'Ada <b>Lovelace</b>' });
  reader = await createTestUser(database, { displayName: 'Reader' });
  const at = (metres: number) => offsetNorth(DEFAULT_CENTER, metres);
  const story = await insertStory(database, { authorId: author.id, ...at(0), title: 'The lamp', content: CONTENT });
  const hostile = await insertStory(database, { authorId: author.id, ...at(200), title: HOSTILE, content: CONTENT });
  storyId = story.id;
  hostileId = hostile.id;
  const created = await app.current.app.inject({
    method: 'POST',
    url: '/api/tours',
    headers: { cookie: cookieOf(author) },
    payload: { title: 'Lamps of the square', storyIds: [storyId, hostileId] },
  });
  expect(created.statusCode, created.body).toBe(201);
  tourId = created.json<{ id: string }>().id;
});

describe('QR codes', () => {
  it("a story's PNG decodes to its share page URL, and the answer carries nothing of its content", async () => {
    const res = await get(`/api/stories/${storyId}/qr.png`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(decodePng(res.rawPayload)).toBe(`${ORIGIN}/stories/${storyId}`);
    expect(res.rawPayload.toString('latin1')).not.toContain('SECRET');
  });

  it("a tour's PNG decodes to the tour's share page URL", async () => {
    const res = await get(`/api/tours/${tourId}/qr.png`);
    expect(res.statusCode, res.body).toBe(200);
    expect(decodePng(res.rawPayload)).toBe(`${ORIGIN}/tours/${tourId}`);
  });

  it('the SVG is well-formed, with the title (escaped) and "Scan to find this whisper" beneath', async () => {
    const res = await get(`/api/stories/${hostileId}/qr.svg`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(XMLValidator.validate(res.body)).toBe(true);
    expect(res.body).toContain('Scan to find this whisper');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('SECRET');
    const tour = await get(`/api/tours/${tourId}/qr.svg`);
    expect(XMLValidator.validate(tour.body)).toBe(true);
    expect(tour.body).toContain('Scan to walk this tour');
  });

  it('404s a private, a hidden, a missing story and one that is not an id, alike', async () => {
    const { database } = app.current;
    const hidden = await insertStory(database, { authorId: author.id, ...DEFAULT_CENTER, hiddenAt: new Date() });
    const hiddenPrivate = await insertStory(database, { authorId: author.id, ...DEFAULT_CENTER, isPublic: false });
    for (const id of [hidden.id, hiddenPrivate.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      for (const format of ['svg', 'png']) {
        const res = await get(`/api/stories/${id}/qr.${format}`, author);
        expect(res.statusCode, `${id} ${format}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Story not found' });
      }
    }
  });

  // The pages (embed, poster) are visitor reads, as the share pages are: no session is read outside /api.
  it('404s a story whose author the signed-in requester blocked (a visitor still gets it)', async () => {
    const blocker = await createTestUser(app.current.database, { displayName: 'Blocker' });
    expect((await get(`/api/stories/${storyId}/qr.png`, blocker)).statusCode).toBe(200);
    const block = await app.current.app.inject({
      method: 'PUT',
      url: `/api/blocks/${author.id}`,
      headers: { cookie: cookieOf(blocker) },
    });
    expect([200, 204]).toContain(block.statusCode);
    expect((await get(`/api/stories/${storyId}/qr.png`, blocker)).statusCode).toBe(404);
    expect((await get(`/api/tours/${tourId}/qr.svg`, blocker)).statusCode).toBe(404);
    expect((await get(`/api/stories/${storyId}/qr.png`, reader)).statusCode).toBe(200);
  });
});

describe('the embeddable card', () => {
  it('shows title, author, place and "Walk here to unlock", and opens the share page in a new tab', async () => {
    const res = await get(`/embed/stories/${storyId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('The lamp');
    expect(res.body).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(res.body).toContain('Walk here to unlock');
    expect(res.body).toMatch(/near [^<]+/);
    expect(res.body).toContain(`href="${ORIGIN}/stories/${storyId}" target="_blank" rel="noopener"`);
    expect(res.body).not.toContain('SECRET');
    expect(res.body).not.toContain('<script');
  });

  it("may be framed by Whispers and the EMBED_ORIGINS sites only; every other page keeps 'self'", async () => {
    const res = await get(`/embed/stories/${storyId}`);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'self' https://blog.example https://*.museum.example");
    expect(policy).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    for (const url of [`/posters/stories/${storyId}`, '/api/health', `/api/stories/${storyId}/qr.svg`]) {
      const other = await get(url);
      expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'self';");
      expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('escapes a hostile title on the embed and the poster pages', async () => {
    for (const url of [`/embed/stories/${hostileId}`, `/posters/stories/${hostileId}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('<script');
      expect(res.body).not.toContain('"Quoted"');
      expect(res.body).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &quot;Quoted&quot; &amp; &#39;single&#39;',
      );
    }
  });

  it('404s a hidden story and a tour shown to nobody but its author', async () => {
    const { database } = app.current;
    await database.db.update(stories).set({ hiddenAt: new Date() }).where(eq(stories.id, hostileId));
    try {
      for (const url of [
        `/embed/stories/${hostileId}`,
        `/posters/stories/${hostileId}`,
        // One visible stop left: the tour is its author's alone.
        `/embed/tours/${tourId}`,
        `/posters/tours/${tourId}`,
      ]) {
        const res = await get(url, author);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('Lamps of the square');
        expect(res.body).not.toContain('alert');
      }
      expect((await get(`/api/tours/${tourId}/qr.png`, author)).statusCode).toBe(404);
    } finally {
      await database.db.update(stories).set({ hiddenAt: null }).where(eq(stories.id, hostileId));
    }
  });
});

describe('the poster', () => {
  it('prints on A4 by default and on A6 when asked, with the code, the title and the line beneath', async () => {
    const a4 = await get(`/posters/stories/${storyId}`);
    expect(a4.statusCode, a4.body).toBe(200);
    expect(a4.body).toContain('size: A4');
    expect(a4.body).toContain('<svg role="img" aria-label="QR code that opens The lamp"');
    expect(a4.body).toContain('Scan to find this whisper');
    expect(a4.body).toContain(`${ORIGIN}/stories/${storyId}`);
    expect(a4.body).not.toContain('SECRET');
    const a6 = await get(`/posters/stories/${storyId}?size=a6`);
    expect(a6.body).toContain('size: A6');
    const tour = await get(`/posters/tours/${tourId}?size=nonsense`);
    expect(tour.statusCode).toBe(200);
    expect(tour.body).toContain('size: A4');
    expect(tour.body).toContain('Scan to walk this tour');
  });
});

describe('without PUBLIC_URL', () => {
  const local = useTestApp({});
  it('a code for a Host the server does not recognise as its own is refused, never built from it', async () => {
    const user = await createTestUser(local.current.database, { displayName: 'Local' });
    const story = await insertStory(local.current.database, { authorId: user.id, ...DEFAULT_CENTER });
    const forged = await local.current.app.inject({
      method: 'GET',
      url: `/api/stories/${story.id}/qr.png`,
      headers: { host: 'evil.example' },
    });
    expect(forged.statusCode).toBe(421);
    expect(forged.body).not.toContain('evil.example');
    const embed = await local.current.app.inject({ method: 'GET', url: `/embed/stories/${story.id}` });
    // No extra sites: the card frames on Whispers' own pages only.
    expect(String(embed.headers['content-security-policy'])).toContain("frame-ancestors 'self';");
    const own = await local.current.app.inject({ method: 'GET', url: `/api/stories/${story.id}/qr.png` });
    expect(decodePng(own.rawPayload)).toBe(`http://localhost:80/stories/${story.id}`);
  });
});
