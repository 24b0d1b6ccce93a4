/**
 * The in-memory story index (story-index.ts) as `app.storyIndex`, null when STORY_INDEX=off. After every
 * state-changing request this instance answers, a fence goes out, so the same user's (or address's) next read
 * waits until the index holds what that request wrote (read-your-writes without asking the database per read).
 */
import fp from 'fastify-plugin';
import { addressKey } from '../../../lib/client-address';
import { createStoryIndex, type StoryIndex } from './story-index';

declare module 'fastify' {
  interface FastifyInstance {
    storyIndex: StoryIndex | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const storyIndexPlugin = fp(
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
    app.addHook('onSend', async (request) => {
      if (!SAFE_METHODS.has(request.method)) index.fenceWrite([request.user?.id, addressKey(request.ip)]);
    });
    app.addHook('onClose', async () => index.close());
  },
  { name: 'story-index' },
);
