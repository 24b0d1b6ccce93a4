/**
 * Several instances (docs/operations.md): two real app processes on different ports against ONE PostgreSQL + PostGIS,
 * ONE S3-compatible store and ONE Redis, as behind a load balancer. Whatever a user does through one instance
 * holds on the other, and stopping one loses nothing. Also cluster mode (WEB_CONCURRENCY) on one machine.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '#tests/helpers/redis';
import { startS3StandIn, type S3StandIn } from '#tests/helpers/s3-stand-in';
import {
  createScratchDatabase,
  freePort,
  startServerProcess,
  waitForReady,
  type ServerProcess,
} from '#tests/helpers/processes';
import { liveWebmAudio } from './media/test-support/test-media';
import { LOCATION_RATE_LIMIT } from './modules/stories/read-routes';

describe('two instances behind one load balancer', () => {
  let s3: S3StandIn;
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const redisPrefix = uniqueRedisPrefix('multi');
  let serverA: ServerProcess;
  let serverB: ServerProcess;

  beforeAll(async () => {
    [s3, database] = await Promise.all([startS3StandIn(), createScratchDatabase('multi')]);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(),
      REDIS_KEY_PREFIX: redisPrefix,
      // Every instance must sign media links with the same secret.
      MEDIA_SECRET: crypto.randomBytes(32).toString('hex'),
      ...s3.env,
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Both start at once: the migration lock lets one migrate while the other waits.
    serverA = startServerProcess(portA, { ...env, DATA_DIR: `/tmp/whispers-multi-a-${process.pid}` });
    serverB = startServerProcess(portB, { ...env, DATA_DIR: `/tmp/whispers-multi-b-${process.pid}` });
    await Promise.all([waitForReady(serverA.baseUrl), waitForReady(serverB.baseUrl)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([serverA?.stop(), serverB?.stop()]);
    await Promise.all([database?.drop(), s3?.close(), dropRedisPrefix(redisPrefix)]);
  });

  let cookie: string;
  let storyId: string;
  let audioUrl: string;

  it('a session made on one instance works on the other', async () => {
    const register = await fetch(`${serverA.baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'everywhere',
        displayName: 'Every Where',
        email: 'e@example.test',
        password: 'secret123',
      }),
    });
    expect(register.status).toBe(201);
    cookie = register.headers.get('set-cookie')!.split(';')[0]!;
    const current = await fetch(`${serverB.baseUrl}/api/user/current`, { headers: { cookie } });
    expect(current.status).toBe(200);
    expect((await current.json()).username).toBe('everywhere');
  });

  it('a story created on one is discoverable on the other, and its media is served by both', async () => {
    const form = new FormData();
    const fields = {
      title: 'Two doors',
      description: 'Either way in',
      category: 'Mystery',
      type: 'audio',
      latitude: String(DEFAULT_CENTER.latitude),
      longitude: String(DEFAULT_CENTER.longitude),
      isPublic: 'true',
      timeRestriction: 'none',
      content: 'Whichever door you take, the story is the same.',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('audio', new Blob([new Uint8Array(liveWebmAudio(2))], { type: 'audio/webm' }), 'story.webm');
    const created = await fetch(`${serverA.baseUrl}/api/stories`, { method: 'POST', headers: { cookie }, body: form });
    expect(created.status).toBe(201);
    const story = await created.json();
    storyId = story.id;
    audioUrl = story.audioUrl;

    const nearby = await fetch(
      `${serverB.baseUrl}/api/stories/discoverable/${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}`,
      {
        headers: { cookie },
      },
    );
    expect(nearby.status).toBe(200);
    expect(((await nearby.json()) as { id: string }[]).map((s) => s.id)).toContain(storyId);

    const [fromA, fromB] = await Promise.all([
      fetch(`${serverA.baseUrl}${audioUrl}`),
      fetch(`${serverB.baseUrl}${audioUrl}`),
    ]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    const [bytesA, bytesB] = [Buffer.from(await fromA.arrayBuffer()), Buffer.from(await fromB.arrayBuffer())];
    expect(bytesA.length).toBeGreaterThan(1000);
    expect(bytesB.equals(bytesA)).toBe(true);
  });

  it('a like handled by one instance reaches a notification stream held on the other', async () => {
    const fan = await fetch(`${serverB.baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'farfan',
        displayName: 'Far Fan',
        email: 'f@example.test',
        password: 'secret123',
      }),
    });
    expect(fan.status).toBe(201);
    const fanCookie = fan.headers.get('set-cookie')!.split(';')[0]!;
    // Likes need the story unlocked for the liker once: the fan reads it standing on it (through b).
    const { latitude, longitude } = DEFAULT_CENTER;
    const read = await fetch(`${serverB.baseUrl}/api/stories/${storyId}?lat=${latitude}&lng=${longitude}`, {
      headers: { cookie: fanCookie },
    });
    expect((await read.json()).isLocked).toBe(false);

    // The author holds a stream on b; the like goes through a.
    const stream = await fetch(`${serverB.baseUrl}/api/notifications/stream`, {
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const liked = await fetch(`${serverA.baseUrl}/api/stories/${storyId}/like`, {
      method: 'POST',
      headers: { cookie: fanCookie },
    });
    expect(liked.status).toBe(200);

    let received = '';
    const deadline = Date.now() + 5_000;
    while (!received.includes('event: notification') && Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 500))]);
      if (chunk && !chunk.done) received += chunk.value;
    }
    await reader.cancel();
    expect(received).toContain('event: notification');
    expect(received).toContain('Far Fan liked your story “Two doors”');
  });

  it('a limit reached through one instance holds on the other', async () => {
    const spend = async (server: ServerProcess) =>
      (await fetch(`${server.baseUrl}/api/stories/discoverable/999/999`)).status;
    // One discoverable read was spent on b above: a, counting alone, would allow the full limit.
    let allowed = 0;
    while ((await spend(serverA)) === 400 && allowed <= LOCATION_RATE_LIMIT.max) allowed += 1;
    expect(allowed).toBe(LOCATION_RATE_LIMIT.max - 1);
    const refused = await fetch(`${serverB.baseUrl}/api/stories/discoverable/999/999`);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Too many requests\./);
  }, 120_000);

  it('stopping one instance loses nothing: the other still has the session, the story and its media', async () => {
    expect(await serverA.stop()).toBe(0);
    const current = await fetch(`${serverB.baseUrl}/api/user/current`, { headers: { cookie } });
    expect(current.status).toBe(200);
    const story = await fetch(`${serverB.baseUrl}/api/stories/${storyId}`, { headers: { cookie } });
    expect(story.status).toBe(200);
    expect((await story.json()).title).toBe('Two doors');
    expect((await fetch(`${serverB.baseUrl}${audioUrl}`, { headers: { range: 'bytes=10-19' } })).status).toBe(206);
  });
});

describe('cluster mode (WEB_CONCURRENCY)', () => {
  it('refuses more than one worker on the embedded database, with a clear message', async () => {
    const server = startServerProcess(await freePort(), {
      WEB_CONCURRENCY: '2',
      DATA_DIR: `/tmp/whispers-cluster-${process.pid}`,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
  });

  it('runs N workers on one port with DATABASE_URL, and stops them all on SIGTERM', async () => {
    const database = await createScratchDatabase('cluster');
    const server = startServerProcess(await freePort(), {
      WEB_CONCURRENCY: '2',
      DATABASE_URL: database.url,
      DATA_DIR: `/tmp/whispers-cluster-${process.pid}`,
      MEDIA_SECRET: crypto.randomBytes(32).toString('hex'),
    });
    try {
      await waitForReady(server.baseUrl);
      const deadline = Date.now() + 60_000;
      const readyPids = () =>
        new Set([...server.output().matchAll(/"pid":(\d+)[^\n]*Whispers is ready/g)].map((m) => m[1]));
      while (readyPids().size < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(readyPids().size).toBe(2);
      expect(readyPids().has(String(server.child.pid))).toBe(false); // the supervisor serves nothing itself
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      expect(await server.stop()).toBe(0);
      expect(server.output()).toMatch(/all workers stopped/);
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 180_000);
});
