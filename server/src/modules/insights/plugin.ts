/**
 * The insights feature's shared parts (docs/decisions/018-insights-counts-not-readers.md), decorated as `app.insights`: the service over its buffer,
 * de-duplication and repository. The buffer is written every INSIGHTS_FLUSH_MS and once more when the app
 * closes (onClose runs after in-flight requests are done and before the database closes).
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import type { TourInsightKind } from '#common/insights';
import { resolveMediaSecret } from '../../media/media-urls';
import { createDailyDedup } from './daily-dedup';
import { createEventBuffer } from './event-buffer';
import { createInsightsRepository } from './insights-repository';
import { createInsightsService, type InsightsService } from './insights-service';
import { insightsRoutes } from './routes';

interface InsightsFeature {
  service: InsightsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    insights: InsightsFeature;
  }
}

export interface InsightsPluginOptions {
  /** The clock that decides a count's day and which days are closed (default: Date.now). */
  now?: () => number;
}

const insightsPlugin = (options: InsightsPluginOptions) =>
  fp(
    async (app) => {
      const repository = createInsightsRepository(app.database);
      const buffer = createEventBuffer({ write: (counts) => repository.addCounts(counts) });
      const tourBuffer = createEventBuffer<TourInsightKind>({ write: (counts) => repository.addTourCounts(counts) });
      const service = createInsightsService({
        repository,
        buffer,
        tourBuffer,
        dedup: createDailyDedup(app.sharedState, resolveMediaSecret(app.config.mediaSecret, app.config.dataDir)),
        recentlyUnlocked: (reader, storyId) => app.location.guard.recentlyUnlocked(reader, storyId),
        ...(options.now ? { now: options.now } : {}),
        showOpenDays: app.config.insightsShowOpenDays,
      });
      app.decorate('insights', { service });

      const flush = () =>
        service
          .flush()
          .catch((error: unknown) => app.log.warn({ err: error }, 'insights: writing the day counts failed'));
      const timer = setInterval(() => void flush(), app.config.insightsFlushMs);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await flush();
      });
    },
    {
      name: 'insights',
      dependencies: ['shared-state', 'location'],
      decorators: { fastify: ['config', 'database', 'sharedState', 'location'] },
    },
  );

/** The insights module; `options` sets its clock (tests). */
export function insightsModule(options: InsightsPluginOptions = {}) {
  return defineModule({ name: 'insights', plugin: insightsPlugin(options), routes: insightsRoutes });
}
