/**
 * Authors' insights (docs/decisions/018-insights-counts-not-readers.md, docs/design.md, rule 19):
 * - POST /api/insights/events { storyId, kind } → 204. Any reader, signed in or not, of a story they have
 *   unlocked (403 otherwise, 404 for a story they cannot see, 400 for a kind the story's type does not take).
 *   Counted at most once per reader, story, kind and UTC day; the author's own events are taken and not counted.
 * - GET /api/insights/stories → My Stories' figures of the caller's stories (last 30 days).
 * - GET /api/insights/stories/:id?days=7|30|90 → one story's daily series, totals and listen-through (author only).
 * - POST /api/insights/tour-events { tourId, kind: start|stop|complete, storyId (stop only) } → 204 (docs/decisions/018-insights-counts-not-readers.md):
 *   a start of a tour the reader can see, a stop they have unlocked, a completion once every stop is unlocked.
 * - GET /api/insights/tours/:id?days=7|30|90 → the tour's starts, stops reached and completions (author only).
 * Counts from 1 to 2 arrive as "fewer than 3".
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUuid } from '#common/route-schemas';
import { notFound } from '../../lib/http-errors';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import { INSIGHT_MESSAGES } from './insights-service';
import { insightsReaderKey } from './reader-key';
import { routeLimit } from '../../lib/route-limit';

/** A player reports a handful of events per story; a reader browsing quickly stays far below this. */
const INSIGHT_EVENT_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = routeLimit(app, {
    ...INSIGHT_EVENT_RATE_LIMIT,
    keyGenerator: (request: Parameters<typeof insightsReaderKey>[0]) => `insights:${insightsReaderKey(request)}`,
  });

  app.route({
    ...apiRoute(app, 'insightEvent', {
      summary:
        'Report what a reader did with a story they have unlocked (counted per day; no position, no reader kept)',
    }),
    config: { access: 'public', rateLimit },
    handler: async (request, reply) => {
      const reader = {
        key: insightsReaderKey(request),
        userId: request.user?.id ?? null,
        ip: request.ip,
        readerId: request.readerId,
      };
      await app.insights.service.record(reader, request.body.storyId, request.body.kind);
      return reply.code(204).send();
    },
  });

  app.route({
    ...apiRoute(app, 'tourInsightEvent', {
      summary:
        'Report a walk of a tour: started, a stop reached (unlocked), completed (counted per day; no reader kept)',
    }),
    config: { access: 'public', rateLimit },
    handler: async (request, reply) => {
      const reader = {
        key: insightsReaderKey(request),
        userId: request.user?.id ?? null,
        ip: request.ip,
        readerId: request.readerId,
      };
      await app.insights.service.recordTour(reader, request.body.tourId, request.body.kind, request.body.storyId);
      return reply.code(204).send();
    },
  });

  app.route({
    ...apiRoute(app, 'tourInsights', {
      summary: 'Your tour’s starts, stops reached and completions per day for the last 7, 30 or 90 days',
    }),
    config: { access: 'user' },
    handler: async (request) => {
      if (!isUuid(request.params.id)) throw notFound(INSIGHT_MESSAGES.tourNotFound);
      return app.insights.service.forTour(currentUser(request).id, request.params.id, request.query.days);
    },
  });

  app.route({
    ...apiRoute(app, 'insightsSummary', {
      summary: 'Your stories’ unlocks, listens or reads, and likes of the last 30 days, with daily opens',
    }),
    config: { access: 'user' },
    handler: async (request) => app.insights.service.summary(currentUser(request).id),
  });

  app.route({
    ...apiRoute(app, 'storyInsights', {
      summary: 'Your story’s daily counts, totals and listen-through for the last 7, 30 or 90 days',
    }),
    config: { access: 'user' },
    handler: async (request) => {
      if (!isUuid(request.params.id)) throw notFound(INSIGHT_MESSAGES.notFound);
      return app.insights.service.forStory(currentUser(request).id, request.params.id, request.query.days);
    },
  });
};
