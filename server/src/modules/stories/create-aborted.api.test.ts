// POST /api/stories cut off mid-upload (the author's Cancel, a dropped signal): nothing is left half-written —
// no story row, no stored media file, no scratch upload (docs/design.md "Bad input and failure").
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories } from '../../db/schema';
import { baseStoryFields, listFiles, multipartBody } from './test-support/story-helpers';

describe('POST /api/stories aborted by the client', () => {
  let t: TestApp;
  let user: TestUser;
  let port: number;
  const uploadsDir = () => path.join(t.dataDir, 'tmp', 'uploads');
  const mediaDir = () => path.join(t.dataDir, 'media');
  const scratchDirs = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    user = await createTestUser(t.database);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  /** Sends the head and the first `sentBytes` of a multipart body that announces all of it, then drops the socket. */
  async function abortedUpload(sentBytes: number) {
    const video = Buffer.alloc(2 * 1024 * 1024, 7);
    // A WebM header first, so the part is a video the server starts to read and store.
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]).copy(video);
    const { payload, headers } = await multipartBody(baseStoryFields({ type: 'video', content: '' }), {
      video: { data: video, filename: 'walk.webm', contentType: 'video/webm' },
    });
    expect(sentBytes).toBeLessThan(payload.length);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        const head = [
          'POST /api/stories HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Content-Type: ${headers['content-type']}`,
          `Content-Length: ${payload.length}`,
          `Cookie: ${user.cookie}`,
          '',
          '',
        ].join('\r\n');
        socket.write(head);
        socket.write(payload.subarray(0, sentBytes));
        // The line drops once the server has started writing the upload to its scratch space.
        void expect
          .poll(() => listFiles(uploadsDir()).length, { timeout: 10_000, interval: 20 })
          .toBeGreaterThan(0)
          .then(() => {
            socket.destroy();
            resolve();
          }, reject);
      });
      socket.on('error', reject);
    });
  }

  it('leaves no story row, no media file and no scratch upload', async () => {
    const mediaBefore = listFiles(mediaDir());
    await abortedUpload(600 * 1024);
    // The server notices the dropped request and cleans up; wait for that state, not a fixed time.
    await expect.poll(scratchDirs, { timeout: 10_000, interval: 100 }).toEqual([]);
    const rows = await t.database.db.select({ id: stories.id }).from(stories).where(eq(stories.authorId, user.id));
    expect(rows).toEqual([]);
    expect(listFiles(mediaDir())).toEqual(mediaBefore);
    // And the server still answers (the dropped request did not wedge anything).
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
