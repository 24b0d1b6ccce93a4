/**
 * GET /api/ready — readiness for load balancers and orchestrators: 200 when the database, the media store and
 * (when REDIS_URL is set) Redis all answer within a short time; 503 naming what failed otherwise. It also says
 * whether the in-memory story index is serving (`checks.storyIndex`).
 * /api/health stays the cheap liveness check (database only).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { readinessCheckResultSchema } from '#common/route-schemas';
import { apiRoute } from '../../lib/api-route';

/** A dependency slower than this counts as down: a balancer should not send users to wait for it. */
const READY_CHECK_TIMEOUT_MS = 2_000;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const readyRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = app.mediaStore;
  const checks: Record<string, (() => Promise<void>) | undefined> = {
    database: () => app.database.ping(),
    mediaStore: () => store.ping(),
    redis: app.redis ? () => app.sharedState.ping() : undefined,
  };

  app.route({
    ...apiRoute(app, 'ready', {
      summary: 'Readiness: the database, the media store and Redis (when configured) answer',
    }),
    config: { access: 'public' },
    handler: async (request, reply) => {
      const entries = await Promise.all(
        Object.entries(checks).map(
          async ([name, check]): Promise<[string, z.infer<typeof readinessCheckResultSchema>]> => {
            if (!check) return [name, 'not configured'];
            try {
              await withTimeout(check(), READY_CHECK_TIMEOUT_MS);
              return [name, 'ok'];
            } catch (error) {
              request.log.warn({ err: error, dependency: name }, 'readiness check failed');
              return [name, 'failed'];
            }
          },
        ),
      );
      // The story index never fails readiness: while it warms up or catches up, the nearby reads use SQL.
      const index = app.storyIndex;
      entries.push([
        'storyIndex',
        !index
          ? 'not configured'
          : index.state === 'ready'
            ? 'ok'
            : index.state === 'warming'
              ? 'warming'
              : 'catching-up',
      ]);
      const results = Object.fromEntries(entries);
      const failed = entries.filter(([, result]) => result === 'failed').map(([name]) => name);
      if (failed.length === 0) return { status: 'ready' as const, checks: results };
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          status: 'unavailable' as const,
          message: `Not ready: ${failed.join(', ')} unavailable`,
          checks: results,
        });
    },
  });
};
