/**
 * Prometheus metrics (docs/operations.md) at GET /api/metrics, behind `Authorization: Bearer METRICS_TOKEN`; without a
 * token configured the route does not exist (404), so a forgotten setting never exposes it.
 *
 * Each app owns one registry (tests build several apps in one process). Other features reach their gauges
 * through `app.metrics`: the notification stream calls `app.metrics.sseStreamsOpen.inc()` when a stream opens
 * and `.dec()` when it closes.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaStore } from '../media/media-store';
import { apiRoute } from '../lib/api-route';
import { durationHistogram, HttpTallies, requestsCounter } from './http-tallies';

export interface AppMetrics {
  registry: Registry;
  /** Requests by route pattern, status code and duration (whispers_http_requests_total and _duration_seconds). */
  http: HttpTallies;
  /** Open server-sent-event streams on this instance (set by the notifications feature). */
  sseStreamsOpen: Gauge;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Listing a large bucket costs requests and time: the stored-bytes figure is refreshed at most this often. */
const MEDIA_USAGE_REFRESH_MS = 5 * 60_000;

function createAppMetrics(deps: {
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  store?: MediaStore;
  now?: () => number;
}): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'whispers_' });

  const http = new HttpTallies([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
  requestsCounter(http, registry);
  durationHistogram(http, registry);
  const sseStreamsOpen = new Gauge({
    name: 'whispers_sse_streams_open',
    help: 'Notification streams (server-sent events) open on this instance',
    registers: [registry],
  });

  const poolStats = deps.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'whispers_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total open, idle, clients waiting for one, configured max)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
      },
    });
  }

  const store = deps.store;
  if (store) {
    const now = deps.now ?? Date.now;
    let usage: { bytes: number; objects: number; at: number } | undefined;
    let refreshing: Promise<void> | undefined;
    const refresh = async () => {
      let bytes = 0;
      let objects = 0;
      for await (const object of store.list('stories/')) {
        bytes += object.size;
        objects += 1;
      }
      usage = { bytes, objects, at: now() };
    };
    const current = async () => {
      if (!usage || now() - usage.at >= MEDIA_USAGE_REFRESH_MS) {
        refreshing ??= refresh().finally(() => (refreshing = undefined));
        await refreshing;
      }
      return usage!;
    };
    new Gauge({
      name: 'whispers_media_bytes_stored',
      help: `Bytes of story media in the media store (refreshed at most every ${MEDIA_USAGE_REFRESH_MS / 1000} s)`,
      registers: [registry],
      async collect() {
        this.set((await current()).bytes);
      },
    });
    new Gauge({
      name: 'whispers_media_objects_stored',
      help: 'Story media files in the media store',
      registers: [registry],
      async collect() {
        this.set((await current()).objects);
      },
    });
  }

  return { registry, http, sseStreamsOpen };
}

/** Compares without leaking, through timing, how much of a guessed token was right. */
function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export const metricsPlugin = fp(
  async (app) => {
    const metrics = createAppMetrics({
      poolStats: app.database.poolStats?.bind(app.database),
      store: app.mediaStore,
    });
    app.decorate('metrics', metrics);

    // A callback hook, not an async one: no promise per request on the hot path.
    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern, never the raw URL: ids and coordinates would make the label set unbounded.
      metrics.http.record(
        request.method,
        request.routeOptions.url ?? '(unmatched)',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  },
  { name: 'metrics', dependencies: ['media-store'] },
);

/**
 * GET /api/metrics in Prometheus text format. The bearer token is the access rule (the route is public to the
 * access hook); without METRICS_TOKEN the route does not exist (404).
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.metricsToken;
  if (!token) return;
  app.route({
    ...apiRoute(app, 'metrics', { summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN)' }),
    config: { access: 'public' },
    handler: async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
      if (!given || !sameToken(given, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: 'A valid metrics token is required' });
      }
      const body = await app.metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(body);
    },
  });
};
