/**
 * Faults (docs/security.md, "Threat model"), against real server processes (main.ts) on PostgreSQL:
 * (a) the app's connections killed, then the whole database server stopped and started again (a private
 *     throwaway cluster, so the machine's shared PostgreSQL is never touched);
 * (b) kill -9 during a burst of story creations with images: what was acknowledged survives, with its media;
 * (c) SIGTERM under load: in-flight requests finish, new connections are refused, the process exits 0.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import {
  createScratchDatabase,
  freePort,
  startServerProcess,
  waitForReady,
  type ServerProcess,
} from '#tests/helpers/processes';
import { createPrivatePostgres, type PrivatePostgres } from '#tests/helpers/private-postgres';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { openDatabase, type Database } from './db/client';
import { createLocalMediaStore } from './media/media-store';
import { jpegWithGps } from './media/test-support/test-media';
import { baseStoryFields, multipartBody } from './modules/stories/test-support/story-helpers';

const readerAt = `${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}`;
const nearbyPath = `/api/stories/discoverable/${readerAt}`;

const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

function start(port: number, env: Record<string, string>): ServerProcess {
  const server = startServerProcess(port, { RATE_LIMIT_DISABLED: 'true', ...env });
  servers.push(server);
  return server;
}

function scratchDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `whispers-faults-${label}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

afterEach(async () => {
  // A failed test must not leave a server running (each test stops its own on success).
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('faults', () => {
  describe('(a) database connections lost, database server down and back', () => {
    let cluster: PrivatePostgres;

    beforeAll(async () => {
      cluster = await createPrivatePostgres();
      cleanups.push(() => cluster.destroy());
    });

    it('survives pg_terminate_backend, answers 503 while the server is down, and recovers by itself', async () => {
      const port = await freePort();
      const server = start(port, { DATABASE_URL: cluster.url, DATA_DIR: scratchDir('a') });
      await waitForReady(server.baseUrl);
      const nearby = () => fetch(`${server.baseUrl}${nearbyPath}`);
      // A read that always asks the database (the nearby read may be answered by the in-memory story index).
      const page = () => fetch(`${server.baseUrl}/api/stories/all?limit=5`);
      expect((await nearby()).status).toBe(200);

      // Every connection the app holds (pool and LISTEN) is killed; the very next request must still succeed.
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        for (let round = 0; round < 3; round++) {
          const killed = await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
          );
          expect(killed.rowCount).toBeGreaterThan(0);
          const after = await nearby();
          expect(after.status, await after.clone().text()).toBe(200);
          const afterPage = await page();
          expect(afterPage.status, await afterPage.clone().text()).toBe(200);
          expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
        }
      } finally {
        await admin.end();
      }

      // The database server stops: a clear 503, not a 500, and the health check says so.
      cluster.stop();
      const down = await page();
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect(await down.json()).toEqual({ message: 'Service temporarily unavailable. Please try again shortly.' });
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'unavailable', message: 'Database unavailable' });
      // The story index may go on answering the nearby read from memory while nothing can change; else 503 too.
      expect([200, 503]).toContain((await nearby()).status);
      expect(server.child.exitCode).toBeNull();

      // Back again: service returns without a restart of the app.
      cluster.start();
      await until('health to recover', async () =>
        (await fetch(`${server.baseUrl}/api/health`)).ok ? true : undefined,
      );
      expect((await nearby()).status).toBe(200);
      expect((await page()).status).toBe(200);
      expect(server.child.exitCode).toBeNull();

      expect(await server.stop()).toBe(0);
    }, 120_000);
  });

  describe('on a scratch database of the local PostgreSQL', () => {
    let databaseUrl: string;
    let database: Database;

    beforeAll(async () => {
      const scratch = await createScratchDatabase('faults');
      cleanups.push(() => scratch.drop());
      databaseUrl = scratch.url;
      database = await openDatabase({ databaseUrl, poolSize: 2 });
      cleanups.push(() => database.close());
    });

    it('(b) keeps every acknowledged story and its media across kill -9 during a burst of creations', async () => {
      const dataDir = scratchDir('b');
      const port = await freePort();
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
      const first = start(port, env);
      await waitForReady(first.baseUrl);
      const author: TestUser = await createTestUser(database);
      const image = await jpegWithGps(320, 240);

      const acknowledged: string[] = [];
      let killed = false;
      const postStory = async (n: number) => {
        const { payload, headers } = await multipartBody(baseStoryFields({ type: 'image', title: `Burst ${n}` }), {
          image: { data: image, filename: 'photo.jpg', contentType: 'image/jpeg' },
        });
        const response = await fetch(`${first.baseUrl}/api/stories`, {
          method: 'POST',
          headers: { ...headers, cookie: author.cookie },
          body: new Uint8Array(payload),
        });
        expect(response.status).toBe(201);
        acknowledged.push(((await response.json()) as { id: string }).id);
      };
      // Four writers in a loop; a request cut by the kill fails at the socket, which is expected.
      let sent = 0;
      const writer = async () => {
        while (!killed)
          await postStory(sent++).catch((error: unknown) => {
            if (!killed) throw error;
          });
      };
      const writers = Promise.all([writer(), writer(), writer(), writer()]);
      await until('a few acknowledged creations', async () => (acknowledged.length >= 6 ? true : undefined), 60_000);
      killed = true;
      first.child.kill('SIGKILL');
      await first.exited;
      await writers;
      expect(first.child.signalCode).toBe('SIGKILL');
      const acknowledgedBeforeKill = [...acknowledged];

      const second = start(port, env);
      await waitForReady(second.baseUrl);
      // Every 201 is there, with its image and thumbnail readable through the app.
      for (const id of acknowledgedBeforeKill) {
        const res = await fetch(
          `${second.baseUrl}/api/stories/${id}?lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`,
          {
            headers: { cookie: author.cookie },
          },
        );
        expect(res.status).toBe(200);
        const story = (await res.json()) as { imageUrl: string; thumbnailUrl: string };
        for (const url of [story.imageUrl, story.thumbnailUrl]) {
          const media = await fetch(`${second.baseUrl}${url}`);
          expect(media.status, url).toBe(200);
          expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(100);
        }
      }
      // No row, acknowledged or not, points to a missing file.
      const store = createLocalMediaStore(path.join(dataDir, 'media'));
      const rows = await database.query<{ image_key: string | null; thumbnail_key: string | null }>(
        sql`SELECT image_key, thumbnail_key FROM stories WHERE author_id = ${author.id}`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(acknowledgedBeforeKill.length);
      for (const row of rows) {
        for (const key of [row.image_key, row.thumbnail_key]) {
          expect(key).not.toBeNull();
          expect(await store.stat(key!), key!).not.toBeNull();
        }
      }
      expect(await second.stop()).toBe(0);
    }, 180_000);

    it('(c) on SIGTERM under load finishes in-flight requests, refuses new connections and exits 0', async () => {
      const port = await freePort();
      const server = start(port, { DATABASE_URL: databaseUrl, DATA_DIR: scratchDir('c') });
      await waitForReady(server.baseUrl);
      const author = await createTestUser(database);

      // One request surely in flight: a story upload whose body is only half sent when SIGTERM arrives.
      const { payload, headers } = await multipartBody(baseStoryFields({ title: 'Sent across the shutdown' }));
      const upload = http.request(`${server.baseUrl}/api/stories`, {
        method: 'POST',
        agent: false,
        headers: { ...headers, cookie: author.cookie, 'content-length': String(payload.length) },
      });
      const uploadAnswer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        upload.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        upload.on('error', reject);
      });
      upload.write(payload.subarray(0, payload.length / 2));

      // Load: eight loops of reads, each on a fresh connection, until the server stops taking connections.
      const outcomes: { status?: number; error?: string }[] = [];
      let loadRunning = true;
      const readOnce = () =>
        new Promise<{ status?: number; error?: string }>((resolve) => {
          const req = http.get(`${server.baseUrl}${nearbyPath}`, { agent: false }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode }));
          });
          req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
        });
      const loop = async () => {
        while (loadRunning) {
          const outcome = await readOnce();
          outcomes.push(outcome);
          if (outcome.error) return;
        }
      };
      const loops = Promise.all(Array.from({ length: 8 }, loop));
      await until('load under way', async () => (outcomes.length >= 40 ? true : undefined));
      // Give the server time to read the upload's headers and start its handler.
      await new Promise((resolve) => setTimeout(resolve, 300));

      server.child.kill('SIGTERM');
      // New connections are refused once the listener is closed…
      await until(
        'new connections refused',
        async () => ((await readOnce()).error === 'ECONNREFUSED' ? true : undefined),
        10_000,
      );
      // …while the half-sent upload is still served to the end.
      upload.end(payload.subarray(payload.length / 2));
      const answer = await uploadAnswer;
      expect(answer.status, answer.body).toBe(201);
      loadRunning = false;
      await loops;

      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/shutting down/);
      // Every request the server took was answered 200 (none 503 or 500, none cut). The only failures are
      // connections it never took: refused, or reset by the kernel when still queued on the closing listener.
      expect(outcomes.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);
      expect(
        outcomes.filter((o) => o.error !== undefined && o.error !== 'ECONNREFUSED' && o.error !== 'ECONNRESET'),
      ).toEqual([]);
      expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThanOrEqual(40);
      const [row] = await database.query<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM stories WHERE author_id = ${author.id} AND title = 'Sent across the shutdown'`,
      );
      expect(row!.count).toBe(1);
    }, 120_000);
  });
});
