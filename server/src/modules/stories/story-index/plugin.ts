/**
 * The in-memory story index (story-index.ts) as `app.storyIndex`, null when STORY_INDEX=off. After every
 * state-changing request this instance answers, a fence goes out, so the same user's (or address's) next read
 * waits until the index holds what that request wrote (read-your-writes without asking the database per read).
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../../lib/app-module';
import { Counter } from 'prom-client';
import { addressKey } from '../../../lib/client-address';
import { createStoryIndex, type StoryIndex } from './story-index';

declare module 'fastify' {
  interface FastifyInstance {
    storyIndex: StoryIndex | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Like and unlike: a marker read (which shows no likes) does not wait for their fence. */
const LIKE_ROUTE = '/api/stories/:id/like';

const storyIndexPlugin = fp(
  async (app) => {
    const mode = app.config.storyIndex;
    if (mode === 'off') {
      app.decorate('storyIndex', null);
      return;
    }
    const index = await createStoryIndex(app.database, {
      consistency: mode === 'every-read' ? 'every-read' : 'writes',
      log: app.log.child({ module: 'story-index' }),
    });
    app.decorate('storyIndex', index);
    // How often reads fall back to SQL, and why: a lagging feed or late own writes under load show here first.
    new Counter({
      name: 'whispers_story_index_reads_total',
      help: "Story reads by what answered them: the index, or SQL because it was not serving, lagged, or the reader's own write was late",
      labelNames: ['answered_by'] as const,
      registers: [app.metrics.registry],
      collect() {
        this.reset();
        const reads = index.reads;
        this.inc({ answered_by: 'index' }, reads.index);
        this.inc({ answered_by: 'sql_not_serving' }, reads.notServing);
        this.inc({ answered_by: 'sql_lagging' }, reads.lagging);
        this.inc({ answered_by: 'sql_own_write_late' }, reads.ownWriteLate);
      },
    });
    app.addHook('onSend', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      // A refused write (4xx) wrote nothing (docs/design.md "Bad input and failure"): the writer's reads need not wait.
      if (reply.statusCode >= 400 && reply.statusCode < 500) return;
      const kind = request.routeOptions.url === LIKE_ROUTE ? 'likes' : 'stories';
      index.fenceWrite([request.user?.id, addressKey(request.ip)], kind);
    });
    app.addHook('onClose', async () => index.close());
  },
  { name: 'story-index', dependencies: ['metrics'], decorators: { fastify: ['config', 'database', 'metrics'] } },
);

/** The story index has no routes: the stories module reads through it (GET /api/ready reports on it). */
export const storyIndexModule = defineModule({ name: 'story-index', plugin: storyIndexPlugin });
