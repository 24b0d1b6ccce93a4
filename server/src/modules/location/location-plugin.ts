/**
 * One LocationGuard per app (`app.locationGuard`): the claim rules over the reader-claim store (in memory unless
 * REDIS_URL is set or a store is passed in), with the configured unlock budgets and the `unlocks` record; and one sealer for
 * page cursors (`app.pageCursors`), keyed from the media secret. Registered before the story routes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { servedOverHttps } from '../../config';
import { addressKey } from '../../lib/client-address';
import { resolveMediaSecret } from '../../media/media-urls';
import { readerKey } from './claim-rules';
import { createLocationGuard, type LocationGuard } from './location-guard';
import { createPageCursorSealer, type PageCursorSealer } from '../../lib/paging';
import { createReaderCookies, READER_COOKIE_MAX_AGE_SECONDS, readerCookieName, type ReaderCookies } from './reader-cookies';
import { createMemoryReaderClaimStore, type ReaderClaimStore } from './reader-claim-store';
import { createRedisReaderClaimStore } from './redis-reader-claim-store';
import { createUnlockRepository, type UnlockRepository } from './unlock-repository';

declare module 'fastify' {
  interface FastifyInstance {
    locationGuard: LocationGuard;
    unlockRecords: UnlockRepository;
    pageCursors: PageCursorSealer;
  }
  interface FastifyRequest {
    /** A signed-out browser's own reader id (its valid reader cookie), else null: signed in, or none yet. */
    readerId: string | null;
  }
}

/**
 * Who this request reads as, for anything kept per reader (location rules, and counts that must tell readers
 * apart without naming them): `user:<id>` when signed in, `reader:<id>` for a signed-out browser with its reader
 * cookie, else the client address (`ip:…`, IPv6 by its /64) shared by everyone behind it.
 */
export function readerKeyOf(request: FastifyRequest): string {
  return readerKey(request.user?.id ?? null, request.ip, request.readerId);
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
    const secret = resolveMediaSecret(app.config.mediaSecret, app.config.dataDir);
    app.decorate('pageCursors', createPageCursorSealer(secret));

    // Signed-out browsers: their reader cookie, or a new one (decision 15). Runs after the session hook.
    app.decorateRequest('readerId', null);
    const readerCookies = createReaderCookies(secret);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') || request.user) return;
      const readerId = readerCookies.readerOf(request.cookies[readerCookieName(app.config)]);
      if (readerId) {
        request.readerId = readerId;
        return;
      }
      // Issued by the call every page makes first (the client waits for it before reading stories), not by
      // sign-ups, health checks or other clients' calls: this request itself still reads as its address; the
      // browser's next one reads as itself.
      if (request.method === 'GET' && request.routeOptions.url === '/api/config') await startReader(request, reply, readerCookies);
    });
  },
  { name: 'location', dependencies: ['shared-state', 'session'] },
);

/** Issues a reader cookie unless this address has started too many readers in the window (then: none, the address's state). */
async function startReader(request: FastifyRequest, reply: FastifyReply, readerCookies: ReaderCookies) {
  const app = request.server;
  const rule = app.config.newReadersPerAddress;
  const count = await app.sharedState.increment(`new-readers:${addressKey(request.ip)}`, rule.windowMs);
  if (count.count > rule.limit) return;
  const { readerId, value } = readerCookies.issue();
  await app.locationGuard.startReader(readerId, request.ip);
  reply.setCookie(readerCookieName(app.config), value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(app.config) || request.protocol === 'https',
    maxAge: READER_COOKIE_MAX_AGE_SECONDS,
  });
}
