/**
 * Every refusal by a limit is 429 with `Retry-After` (docs/security.md, "Threat model"): the request limits declared on routes
 * (@fastify/rate-limit, found by walking the route inventory, so a route limited later is covered) and the
 * database-kept limits of the account calls (throttle.ts). Every public route that changes something must be in
 * one of the two, or named below as deliberately unlimited.
 */
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp } from '#tests/helpers/test-app';
import { fillPath, routeInventory, routeName, type InventoryRoute } from '#tests/helpers/route-inventory';

const inventory = routeInventory();
// Low limits, so that each is reached in a request or two.
const t = useTestApp(
  {
    LIMIT_LOGIN_FAILURES_PER_ADDRESS: '1/15m',
    LIMIT_REGISTRATIONS_PER_ADDRESS: '1/15m',
    LIMIT_USERNAME_CHECKS_PER_ADDRESS: '1/15m',
    LIMIT_RESET_MAILS_PER_ADDRESS: '1/15m',
    LIMIT_RESET_ATTEMPTS_PER_ADDRESS: '1/15m',
  },
  { onRoute: inventory.onRoute },
);

/** The account calls limited in the database, each with a body that gets past validation. */
const THROTTLED: Record<string, unknown> = {
  'POST /api/user/login': { username: 'nobody_here', password: 'wrong-password' },
  'POST /api/user/register': {
    username: 'limit_probe',
    displayName: 'Limit Probe',
    email: 'probe@example.test',
    password: 'secret123',
  },
  'POST /api/user/check-username': { username: 'nobody_here' },
  'POST /api/user/forgot-password': { username: 'nobody_here' },
  'POST /api/user/reset-password': { username: 'nobody_here', token: 'ABCDEFGHJK', newPassword: 'newpass1' },
};
/** Public and state-changing, yet limited by nothing: signing out harms no one. */
const UNLIMITED = new Set(['POST /api/logout']);

let address = 0;
const nextAddress = () => `198.18.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function expectRetryAfter(res: LightMyRequestResponse, name: string) {
  expect(res.statusCode, name).toBe(429);
  expect(res.headers['retry-after'], name).toMatch(/^[1-9]\d*$/);
  expect(res.json(), name).toEqual({ message: expect.stringMatching(/try again in \d+/) });
}

const declaredLimit = (route: InventoryRoute) => {
  const rateLimit = route.options.config?.rateLimit as { max?: unknown } | false | undefined;
  return rateLimit && typeof rateLimit.max === 'number' ? rateLimit.max : undefined;
};

describe('429 with Retry-After wherever a limit refuses', () => {
  it('every route with a declared request limit (walked from the route inventory)', async () => {
    const limited = inventory.apiRoutes().filter((route) => declaredLimit(route) !== undefined);
    expect(limited.length).toBeGreaterThan(3);
    for (const route of limited) {
      const ip = nextAddress();
      // Counted on arrival, before access and validation: cheap requests (401, 400) spend it as well.
      const url = fillPath(route.url, () => 'x');
      const send = () =>
        t.current.app.inject({
          method: route.method,
          url,
          remoteAddress: ip,
          payload: route.method === 'GET' ? undefined : {},
        });
      for (let i = 0; i < declaredLimit(route)!; i++) expect((await send()).statusCode, routeName(route)).not.toBe(429);
      expectRetryAfter(await send(), routeName(route));
    }
  });

  it.each(Object.entries(THROTTLED))('%s (a limit kept in the database)', async (name, body) => {
    const [method, url] = name.split(' ') as ['POST', string];
    const ip = nextAddress();
    const send = () => t.current.app.inject({ method, url, remoteAddress: ip, payload: body as object });
    expect((await send()).statusCode, name).not.toBe(429);
    expectRetryAfter(await send(), name);
  });

  it('every public route that changes something is limited, or named as deliberately unlimited', () => {
    const unlimited = inventory
      .apiRoutes()
      .filter((route) => route.access === 'public' && route.method !== 'GET' && declaredLimit(route) === undefined)
      .map(routeName)
      .filter((name) => !(name in THROTTLED) && !UNLIMITED.has(name));
    expect(unlimited).toEqual([]);
  });
});
