/**
 * One LocationGuard per app (`app.locationGuard`): the claim rules over the reader-claim store (in memory unless
 * REDIS_URL is set or a store is passed in), with the configured unlock budgets and the `unlocks` record; and one sealer for
 * page cursors (`app.pageCursors`), keyed from the media secret. Registered before the story routes.
 */
import fp from 'fastify-plugin';
import { resolveMediaSecret } from '../../media/media-urls';
import { createLocationGuard, type LocationGuard } from './location-guard';
import { createPageCursorSealer, type PageCursorSealer } from './page-cursor';
import { createMemoryReaderClaimStore, type ReaderClaimStore } from './reader-claim-store';
import { createRedisReaderClaimStore } from './redis-reader-claim-store';
import { createUnlockRepository, type UnlockRepository } from './unlock-repository';

declare module 'fastify' {
  interface FastifyInstance {
    locationGuard: LocationGuard;
    unlockRecords: UnlockRepository;
    pageCursors: PageCursorSealer;
  }
}

export interface LocationPluginOptions {
  /** A shared store (several instances) or one with a test clock; default: in memory. */
  store?: ReaderClaimStore;
  /** Clock in epoch ms for the claim rules (tests). */
  now?: () => number;
}

export const locationPlugin = fp<LocationPluginOptions>(
  async (app, options) => {
    const unlockRecords = createUnlockRepository(app.database);
    // Several instances judge claims against one shared state (Redis when REDIS_URL is set, issue 16).
    const store =
      options.store ??
      (app.redis
        ? createRedisReaderClaimStore(app.redis, { now: options.now })
        : createMemoryReaderClaimStore({ now: options.now }));
    app.decorate('unlockRecords', unlockRecords);
    app.decorate(
      'locationGuard',
      createLocationGuard({ store, budgets: app.config.unlockBudget, unlocks: unlockRecords, now: options.now }),
    );
    app.decorate('pageCursors', createPageCursorSealer(resolveMediaSecret(app.config.mediaSecret, app.config.dataDir)));
  },
  { name: 'location', dependencies: ['shared-state'] },
);
