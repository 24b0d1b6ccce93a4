/**
 * The follows feature (docs/decisions/046-follows-daily-digest.md), decorated as `app.follows`: the service over
 * its repository, the tours module (an author's public tours), notifications (the digest) and the location
 * guard (a follower's last accepted position, in memory only). Runs the digest on an in-process timer; the
 * period's claim in the database makes it safe with several instances.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { createFollowRepository } from './follow-repository';
import { createFollowService, type FollowService } from './follow-service';
import { followRoutes } from './routes';

interface FollowsFeature {
  service: FollowService;
}

declare module 'fastify' {
  interface FastifyInstance {
    follows: FollowsFeature;
  }
}

/** How often the timer looks whether a period has ended: a fifth of it, between 200 ms and a minute. */
const tickMs = (intervalMs: number) => Math.min(60_000, Math.max(200, Math.floor(intervalMs / 5)));

const followsPlugin = fp(
  async (app) => {
    const intervalMs = app.config.followDigestIntervalMs;
    const service = createFollowService({
      repository: createFollowRepository(app.database),
      toursOf: async (viewerId, authorId) =>
        (await app.tours.service.page({ viewerId, authorId, limit: 20, cursor: null })).tours,
      notices: app.notifications.service,
      lastPosition: (userId) => app.location.guard.lastAcceptedPosition(userId),
      intervalMs,
    });
    app.decorate('follows', { service });

    const now = () => new Date();
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = service
        .runDue(now())
        .catch((error: unknown) => app.log.warn({ err: error }, 'follows: the digest failed'));
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(tick, tickMs(intervalMs));
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  {
    name: 'follows',
    dependencies: ['tours', 'notifications', 'location'],
    decorators: { fastify: ['config', 'database', 'tours', 'notifications', 'location'] },
  },
);

export const followsModule = defineModule({ name: 'follows', plugin: followsPlugin, routes: followRoutes });
