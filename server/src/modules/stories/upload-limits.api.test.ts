/**
 * Upload tricks (docs/security.md, "Threat model"): an image declaring more pixels than MEDIA.imageMaxPixels is refused from its
 * header (413) before anything is decoded, nothing stored; stored media is served as an attachment-safe inline
 * file of its own type, never sniffed into HTML.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MEDIA } from '#common/constants';
import { useTestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';
import { pngWithAlpha } from '../../media/test-support/test-media';
import { baseStoryFields, listFiles, postStory } from './test-support/story-helpers';

/** CRC-32 of PNG chunks (Node 20 has no zlib.crc32). */
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes that declare a `width`×`height` greyscale PNG: a decompression bomb's header. */
function declaredPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('upload limits', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });
  const storyCount = async () =>
    (await t.current.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM stories`))[0]!.n;

  it('refuses a 100-megapixel PNG with 413 from its header, and stores nothing', async () => {
    const user = await createTestUser(t.current.database);
    const bomb = declaredPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(10_000 * 10_000).toBeGreaterThan(MEDIA.imageMaxPixels);
    const mediaBefore = listFiles(path.join(t.current.dataDir, 'media'));
    const storiesBefore = await storyCount();

    const started = Date.now();
    const res = await postStory(t.current.app, user.cookie, baseStoryFields({ type: 'image', content: '' }), {
      image: { data: bomb, filename: 'huge.png', contentType: 'image/png' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image is too large (at most 50 megapixels).' });
    // Refused from the header: decoding 100 megapixels would take seconds and 100 MB.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await storyCount()).toBe(storiesBefore);
    expect(listFiles(path.join(t.current.dataDir, 'media'))).toEqual(mediaBefore);
  });

  it('serves stored media inline with its own type, nosniff and a Content-Disposition', async () => {
    const user = await createTestUser(t.current.database);
    const created = await postStory(t.current.app, user.cookie, baseStoryFields({ type: 'image', content: '' }), {
      image: { data: await pngWithAlpha(), filename: 'note.html', contentType: 'text/html' },
    });
    expect(created.statusCode).toBe(201);
    const imageUrl = created.json<{ imageUrl: string }>().imageUrl;
    const res = await t.current.app.inject({ method: 'GET', url: imageUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(webp|jpeg)$/);
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(imageUrl).not.toMatch(/\.html?(\?|$)/);
  });
});
