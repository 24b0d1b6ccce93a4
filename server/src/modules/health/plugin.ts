/**
 * The health module: GET /api/health (liveness), GET /api/ready (readiness) and GET /api/metrics (Prometheus, when
 * METRICS_TOKEN is set; the metrics themselves are gathered by plugins/metrics.ts for every route). Nothing to build.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule } from '../../lib/app-module';
import { metricsRoutes } from '../../plugins/metrics';
import { readyRoutes } from './ready-routes';
import { healthRoutes } from './routes';

const healthModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(readyRoutes);
  await app.register(metricsRoutes);
};

export const healthModule = defineModule({ name: 'health', routes: healthModuleRoutes });
