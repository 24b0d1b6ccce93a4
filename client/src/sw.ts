/**
 * The service worker (docs/decisions/015-installable-offline-push.md, docs/design.md, rule 16), built by vite-plugin-pwa (injectManifest):
 * - the app shell is precached, and a navigation without network opens the app (never the browser's offline page);
 * - answers the reader already received (nearby/map/story reads, who is signed in) are kept, network first, so
 *   the app can show them offline: only what the server sent, so a locked story stays locked;
 * - media are kept by their path, not their signed URL (whose signature expires), least recently used first;
 * - Web Push: a push shows what the bell shows; tapping it opens the story (or the app) in the installed window;
 * - a new version waits until the page says "Reload" (no silent reload mid-walk).
 * - map tiles (the app's own /tiles) are kept cache first, bounded, and answered from a tour saved for offline use
 *   too; a saved tour's answer and media answer when the network does not (docs/decisions/039-maps-offline.md).
 * Sign-out and account deletion delete the answer, media and saved caches from the page (lib/pwa/device-data.ts); a
 * session ended anywhere else (the sign-out link, another device, the account deleted elsewhere) shows here as
 * `/api/user/current` answering 401 or another user than the one kept, and the worker drops the personal caches
 * itself (docs/security.md, "Session end clears the device"). Caches of what is not personal (tiles) stay.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { apiPath } from '#common/api/routes';
import {
  ANSWERS_CACHE,
  MEDIA_CACHE,
  MEDIA_CACHE_MAX_ENTRIES,
  MEDIA_CACHE_MAX_FILE_BYTES,
  PERSONAL_CACHES,
  SAVED_CACHE,
  TILES_CACHE,
  TILES_CACHE_MAX_ENTRIES,
} from './lib/pwa/cache-names';

/** The few service-worker types used here (the project compiles against the DOM library, not WebWorker). */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface ServiceWorkerScope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
const sw = self as unknown as ServiceWorkerScope;

// Written as `self.__WB_MANIFEST` so Workbox finds the place to inject the precache list at build time.
precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the app: offline too. /api is never a page; /assets missing means a stale build; the
// embeddable cards and posters are the server's own pages (docs/decisions/055-qr-posters-and-embeds.md).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/assets\//, /^\/embed\//, /^\/posters\//],
  }),
);

const CURRENT_USER_PATH = apiPath('currentUser');
const userIdOf = async (response: Response) =>
  ((await response.json().catch(() => null)) as { id?: string } | null)?.id ?? null;
/** The answer to "who is signed in": a 401, or someone else than the kept answer's user, ends the kept session. */
async function forgetEndedSession(response: Response): Promise<void> {
  if (response.status === 200) {
    const kept = await (await caches.open(ANSWERS_CACHE)).match(CURRENT_USER_PATH, { ignoreSearch: true });
    if (!kept || (await userIdOf(kept)) === (await userIdOf(response.clone()))) return;
  } else if (response.status !== 401) return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}

/**
 * Reads whose answers are worth keeping for offline use (all GET; the server decided every lock): the areas, a
 * story, a tour, tours near the reader, an author's page, and what My Stories shows (the author's own stories and
 * tours, their decisions and insights) — personal, so in the answers cache that every session end deletes
 * (docs/decisions/052-offline-screens-and-creating.md).
 */
const KEPT_ANSWERS = new RegExp(
  '^/api/(' +
    [
      'stories/(discoverable|around|map)(/|$)',
      'stories/[0-9a-f-]{36}$',
      'stories/user/[0-9a-f-]{36}$',
      'tours/[0-9a-f-]{36}$',
      'tours/near/',
      'tours/mine$',
      'authors/[0-9a-f-]{36}$',
      'moderation/decisions/mine$',
      'insights/stories$',
      'user/current$',
      'categories$',
      'config$',
    ].join('|') +
    ')',
);
/** What a tour saved for offline use holds, by path (its answer, its found stops' answers and media). */
const savedCopy = async (request: Request) =>
  (await caches.open(SAVED_CACHE)).match(new URL(request.url).pathname) ?? undefined;
/**
 * Area reads: offline, the last one of its kind answers wherever the reader now stands ("what you saw"). The kind
 * includes the answer's `view` (the home map's markers and /discover's cards are two kinds of the same read).
 */
function areaKind(url: URL): string | undefined {
  const match = /^\/api\/(stories\/(discoverable|around|map)|tours\/near)(\/|$)/.exec(url.pathname);
  if (!match) return undefined;
  const view = url.searchParams.get('view');
  return `${match[2] ?? 'tours-near'}${view ? `-${view}` : ''}`;
}
const lastAreaKey = (kind: string) => `${sw.location.origin}/__offline/last-${kind}`;
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && KEPT_ANSWERS.test(url.pathname),
  new NetworkFirst({
    cacheName: ANSWERS_CACHE,
    networkTimeoutSeconds: 8,
    // A story read again offline from a slightly different position is still the story read before.
    matchOptions: { ignoreSearch: true },
    plugins: [
      {
        fetchDidSucceed: async ({ request, response }) => {
          if (new URL(request.url).pathname === CURRENT_USER_PATH) await forgetEndedSession(response);
          return response;
        },
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
        cacheDidUpdate: async ({ cacheName, request, newResponse }) => {
          const kind = areaKind(new URL(request.url));
          if (kind && newResponse) await (await caches.open(cacheName)).put(lastAreaKey(kind), newResponse.clone());
        },
        handlerDidError: async ({ request }) => {
          const kind = areaKind(new URL(request.url));
          const last = kind ? await (await caches.open(ANSWERS_CACHE)).match(lastAreaKey(kind)) : undefined;
          return last ?? (await savedCopy(request));
        },
      },
      new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }),
    ],
  }),
);

// Media by path: the signature in the query changes every few minutes, the file behind it does not.
const MEDIA_PATH_PREFIX = apiPath('mediaFile').replace(/\*$/, '');
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith(MEDIA_PATH_PREFIX),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url);
          return `${url.origin}${url.pathname}`;
        },
        // Only whole files (a 206 range answer is not a file) of a bounded size, as the server served them.
        cacheWillUpdate: async ({ response }) => {
          const size = Number(response.headers.get('content-length') ?? Number.NaN);
          return response.status === 200 && size <= MEDIA_CACHE_MAX_FILE_BYTES ? response : null;
        },
      },
      new ExpirationPlugin({ maxEntries: MEDIA_CACHE_MAX_ENTRIES, purgeOnQuotaError: true }),
      { handlerDidError: async ({ request }) => savedCopy(request) },
    ],
  }),
);

// Map tiles: cache first from any tile cache (a saved tour's, then those seen), else fetched and kept, bounded.
const seenTiles = new CacheFirst({
  cacheName: TILES_CACHE,
  plugins: [
    { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
    new ExpirationPlugin({ maxEntries: TILES_CACHE_MAX_ENTRIES, purgeOnQuotaError: true }),
  ],
});
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/tiles/'),
  async (options) => (await caches.match(options.request)) ?? seenTiles.handle(options),
);

sw.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

interface PushMessage {
  id?: string;
  title?: string;
  message?: string;
  url?: string;
}

sw.addEventListener('push', (event) => {
  let data: PushMessage;
  try {
    const parsed: unknown = event.data?.json();
    data = parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    data = { message: event.data?.text() ?? '' };
  }
  event.waitUntil(
    sw.registration.showNotification(data.title ?? 'Whispers', {
      body: data.message ?? '',
      tag: data.id,
      icon: '/pwa-192x192.png',
      badge: '/pwa-64x64.png',
      data: { url: data.url ?? '/' },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  const target = new URL(path, sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
      if (open) {
        await open.navigate(target);
        await open.focus();
        return;
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
