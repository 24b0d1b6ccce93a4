/**
 * The route inventory: every /api route exactly as the real app registers it (collected through the app's
 * `onRoute` dependency), with its declared access. The contract test, the authorization matrix and the fuzz test
 * all walk this list, so a route another engineer adds later is covered by them without anyone editing a list.
 *
 *   const inventory = routeInventory();
 *   const t = useTestApp(env, { onRoute: inventory.onRoute });
 *   it('…', () => { for (const route of inventory.apiRoutes()) … });
 */
import type { HTTPMethods, RouteOptions } from 'fastify';
import type { RouteAccess } from '../../server/src/plugins/access';

export interface InventoryRoute {
  method: HTTPMethods;
  /** The pattern as registered, e.g. /api/stories/:id/like. */
  url: string;
  access: RouteAccess | undefined;
  /** Declared `goodStanding: true`: refused to suspended and banned users (plugins/access.ts). */
  publishes: boolean;
  /** Path parameter names in order (`*` for a wildcard). */
  params: string[];
  options: RouteOptions;
}

const methodsOf = (route: RouteOptions): HTTPMethods[] => (Array.isArray(route.method) ? route.method : [route.method]);

export function routeInventory() {
  const registered: RouteOptions[] = [];
  return {
    onRoute: (route: RouteOptions) => void registered.push(route),
    /** Every registered route (tests of the contract look at all of them). */
    registered: (): RouteOptions[] => registered,
    /** One entry per (method, /api pattern); HEAD twins of GET routes are left out. */
    apiRoutes: (): InventoryRoute[] =>
      registered
        .filter((r) => r.url.startsWith('/api/'))
        .flatMap((options) =>
          methodsOf(options)
            .filter((method) => method !== 'HEAD')
            .map((method) => ({
              method,
              url: options.url,
              access: options.config?.access,
              publishes: options.config?.goodStanding === true,
              params: pathParamsOf(options.url),
              options,
            })),
        ),
  };
}

export const routeName = (route: Pick<InventoryRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

function pathParamsOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
}

/** The route's path with each parameter replaced by `valueOf(name)` (URL-encoded). */
export function fillPath(url: string, valueOf: (param: string) => string): string {
  return url.replace(/:([A-Za-z0-9_]+)|\*/g, (_match, name: string | undefined) =>
    encodeURIComponent(valueOf(name ?? '*')),
  );
}

/**
 * Routes that answer a signed-in caller with a stream that never ends (Server-Sent Events): app.inject would wait
 * for ever. They are still called signed out (401) by every test; their signed-in behaviour has its own tests.
 */
export const isEndlessStream = (route: InventoryRoute) => route.url === '/api/notifications/stream';
