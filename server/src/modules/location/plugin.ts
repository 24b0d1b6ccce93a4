/**
 * The location module, decorated as `app.location`: one LocationGuard (`guard`: the claim rules over the
 * reader-claim store, in memory unless REDIS_URL is set or a store is passed in, with the configured unlock budgets
 * and the unlock record), the unlock record itself (`unlocks`) and one sealer for page cursors (`pageCursors`), keyed
 * from the media secret. Registered before the stories module. It has no routes of its own.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { servedOverHttps } from '../../config';
import { addressKey } from '../../lib/client-address';
import { resolveMediaSecret } from '../../media/media-urls';
import { readerKey } from './claim-rules';
import { createLocationGuard, type LocationGuard } from './location-guard';
import { createPageCursorSealer, type PageCursorSealer } from '../../lib/paging';
import {
  createReaderCookies,
  READER_COOKIE_MAX_AGE_SECONDS,
  readerCookieName,
  type ReaderCookies,
} from './reader-cookies';
import { createMemoryReaderClaimStore, type ReaderClaimStore } from './reader-claim-store';
import { createRedisReaderClaimStore } from './redis-reader-claim-store';
import { createUnlockRepository, type UnlockRepository } from './unlock-repository';

interface LocationFeature {
  guard: LocationGuard;
  unlocks: UnlockRepository;
  pageCursors: PageCursorSealer;
}

declare module 'fastify' {
  interface FastifyInstance {
    location: LocationFeature;
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

/** The location module; `options` are a test's stand-ins (a claim store, a clock). */
export function locationModule(options: LocationPluginOptions = {}) {
  return defineModule({ name: 'location', plugin: locationPlugin(options) });
}

const locationPlugin = (options: LocationPluginOptions) =>
  fp(
    async (app) => {
      const unlockRecords = createUnlockRepository(app.database);
      // Several instances judge claims against one shared state (Redis when REDIS_URL is set, docs/operations.md).
      const store =
        options.store ??
        (app.redis
          ? createRedisReaderClaimStore(app.redis, { now: options.now })
          : createMemoryReaderClaimStore({ now: options.now }));
      const secret = resolveMediaSecret(app.config.mediaSecret, app.config.dataDir);
      app.decorate('location', {
        guard: createLocationGuard({
          store,
          budgets: app.config.unlockBudget,
          unlocks: unlockRecords,
          now: options.now,
        }),
        unlocks: unlockRecords,
        pageCursors: createPageCursorSealer(secret),
      });

      // Signed-out browsers: their reader cookie, or a new one (docs/design.md, rule 15). Runs after the session hook.
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
        if (request.method === 'GET' && request.routeOptions.url === '/api/config')
          await startReader(request, reply, readerCookies);
      });
    },
    {
      name: 'location',
      dependencies: ['shared-state', 'session'],
      decorators: { fastify: ['config', 'database', 'sharedState', 'redis'], request: ['user'] },
    },
  );

/** Issues a reader cookie unless this address has started too many readers in the window (then: none, the address's state). */
async function startReader(request: FastifyRequest, reply: FastifyReply, readerCookies: ReaderCookies) {
  const app = request.server;
  const rule = app.config.newReadersPerAddress;
  const count = await app.sharedState.increment(`new-readers:${addressKey(request.ip)}`, rule.windowMs);
  if (count.count > rule.limit) return;
  const { readerId, value } = readerCookies.issue();
  await app.location.guard.startReader(readerId, request.ip);
  reply.setCookie(readerCookieName(app.config), value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(app.config) || request.protocol === 'https',
    maxAge: READER_COOKIE_MAX_AGE_SECONDS,
  });
}
