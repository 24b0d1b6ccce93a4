/** /api/metrics (Prometheus text behind a bearer token), /api/ready, and request ids in every log line. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestApp, openTestDatabase, type TestApp } from '#tests/helpers/test-app';
import { startS3StandIn, type S3StandIn } from '#tests/helpers/s3-stand-in';
import { createMediaStore } from '../media/media-store';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t.close());
  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a missing or wrong token with 401', async () => {
    for (const header of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toEqual({ message: 'A valid metrics token is required' });
    }
  });

  it('counts requests and their latency by route pattern, not by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/categories' });
    await t.app.inject({ method: 'GET', url: '/api/categories' });
    await t.app.inject({ method: 'GET', url: '/api/stories/00000000-0000-4000-8000-000000000001' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(body).toContain('whispers_http_requests_total{method="GET",route="/api/categories",status_code="200"} 2');
    expect(body).toMatch(
      /whispers_http_requests_total\{method="GET",route="\/api\/stories\/:id",status_code="404"\} 1/,
    );
    expect(body).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(body).toContain(
      'whispers_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/categories"}',
    );
    expect(body).toContain('whispers_http_request_duration_seconds_count{method="GET",route="/api/categories"} 2');
    expect(body).toContain('whispers_process_cpu_seconds_total');
  });

  it('counts the story reads the index answered and those it sent to SQL, by why', async () => {
    expect(await t.app.storyIndex!.settled()).toBe(true);
    const before = t.app.storyIndex!.reads.index;
    const read = await t.app.inject({ method: 'GET', url: '/api/stories/discoverable/32.0835/-81.0998' });
    expect(read.statusCode).toBe(200);
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toContain(`whispers_story_index_reads_total{answered_by="index"} ${before + 1}`);
    for (const reason of ['sql_not_serving', 'sql_lagging', 'sql_own_write_late']) {
      expect(body).toMatch(new RegExp(`^whispers_story_index_reads_total\\{answered_by="${reason}"\\} \\d+$`, 'm'));
    }
  });

  it('reports open notification streams from the gauge other features set, and stored media bytes', async () => {
    t.app.metrics.sseStreamsOpen.inc();
    t.app.metrics.sseStreamsOpen.inc();
    t.app.metrics.sseStreamsOpen.dec();
    expect((await scrape(`Bearer ${TOKEN}`)).body).toMatch(/^whispers_sse_streams_open 1$/m);
    // The figure is computed on first scrape, then cached; a fresh app sees these files at its first scrape.
    const fresh = await createTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const store = createMediaStore(fresh.config);
      await store.putBuffer('stories/a/audio.webm', Buffer.alloc(1000));
      await store.putBuffer('stories/b/image.webp', Buffer.alloc(234));
      const body = (
        await fresh.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
      ).body;
      expect(body).toMatch(/^whispers_media_bytes_stored 1234$/m);
      expect(body).toMatch(/^whispers_media_objects_stored 2$/m);
    } finally {
      await fresh.close();
    }
  });

  it('reports the PostgreSQL pool when there is one', async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    if (t.database.kind === 'postgres') {
      expect(body).toMatch(/^whispers_db_pool_connections\{state="max"\} 20$/m);
      expect(body).toMatch(/^whispers_db_pool_connections\{state="total"\} \d+$/m);
    } else {
      expect(body).not.toContain('whispers_db_pool_connections');
    }
  });

  it('does not exist (404) when METRICS_TOKEN is not set', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('GET /api/ready', () => {
  let s3: S3StandIn;
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(async () => s3.close());

  it('is ready when the database, the store and Redis answer; Redis is "not configured" without REDIS_URL', async () => {
    const t = await createTestApp({ ...s3.env, REDIS_URL: '' });
    try {
      // The story index says whether it serves yet; once it has loaded: ok.
      expect(await t.app.storyIndex!.settled()).toBe(true);
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', mediaStore: 'ok', redis: 'not configured', storyIndex: 'ok' },
      });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming each dependency that does not answer', async () => {
    const t = await createTestApp({
      ...s3.env,
      S3_BUCKET: 'no-such-bucket',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    const ping = t.database.ping;
    t.database.ping = async () => {
      throw new Error('connection lost');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        message: 'Not ready: database, mediaStore, redis unavailable',
        // The story index never fails readiness: the nearby reads use SQL until it serves.
        checks: {
          database: 'failed',
          mediaStore: 'failed',
          redis: 'failed',
          storyIndex: expect.stringMatching(/^(ok|warming|catching-up)$/),
        },
      });
      // Liveness does not depend on Redis or the store.
      t.database.ping = ping;
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.database.ping = ping;
      await t.close();
    }
  });
});

describe('request ids in logs', () => {
  it('puts the request id in every line logged for a request and answers it in x-request-id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/whispers-reqid-unused', LOG_LEVEL: 'info' });
    const app = await buildApp(config, { database, logger: { level: 'info', stream } });
    try {
      const [first, second] = [
        await app.inject({ method: 'GET', url: '/api/categories' }),
        await app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'forged-by-client' } }),
      ];
      const ids = [String(first.headers['x-request-id']), String(second.headers['x-request-id'])];
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids[0]).not.toBe(ids[1]);
      const requestLines = lines.filter((line) => 'req' in line || 'res' in line || 'responseTime' in line);
      // One line per request (docs/decisions/014-phone-round-2.md), naming the route pattern and status.
      expect(requestLines.map((line) => line.msg)).toEqual([
        expect.stringMatching(/^GET \/api\/categories 200 \d+ ms$/),
        expect.stringMatching(/^GET \(no route\) 404 \d+ ms$/),
      ]);
      for (const line of requestLines) expect(ids).toContain(line.reqId);
      expect(JSON.stringify(lines)).not.toContain('forged-by-client');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
