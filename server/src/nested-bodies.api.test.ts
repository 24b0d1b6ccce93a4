/**
 * Deeply nested and huge JSON bodies (docs/security.md, "Hardening, third round"): the fuzz generator's bodies grown in depth and width. A
 * body of thousands of nested arrays or objects once answered 500 (the NUL check recursed until the stack
 * overflowed); every route that takes a body now refuses nesting past the limit with 400 before any walk, and a
 * wide body (hundreds of thousands of items, within the 1 MB limit) is answered as an ordinary bad request.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { insertStory } from './modules/stories/test-support/story-fixtures';
import { containsNul } from './plugins/route-contract';
import { jsonNestsDeeperThan } from './plugins/json-body';
import { fillPath, routeInventory, routeName, type InventoryRoute } from '#tests/helpers/route-inventory';
import { useTestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';

const TOO_DEEP = 'The request body is nested too deeply (at most 32 levels).';

type Shape = 'array' | 'object' | 'mixed';
/**
 * JSON text nesting `depth` arrays/objects around a leaf (built as text: the value itself would be as deep). Objects
 * use the empty key so that 200k levels stay under the 1 MB body limit.
 */
function nestedJson(depth: number, shape: Shape, leaf = '"x"'): string {
  const open = (i: number) => (shape === 'array' || (shape === 'mixed' && i % 2 === 0) ? '[' : '{"":');
  const close = (i: number) => (shape === 'array' || (shape === 'mixed' && i % 2 === 0) ? ']' : '}');
  let head = '';
  let tail = '';
  for (let i = 0; i < depth; i++) {
    head += open(i);
    tail = close(i) + tail;
  }
  return head + leaf + tail;
}

/** A too-deep body: nested arrays, objects or both, 33 levels to 200k, bare or under one of the route's fields. */
const deepBody = fc
  .record({
    depth: fc.oneof(fc.integer({ min: 33, max: 200 }), fc.constantFrom(5_000, 100_000, 200_000)),
    shape: fc.constantFrom<Shape>('array', 'object', 'mixed'),
    wrapped: fc.boolean(),
    leaf: fc.constantFrom('"x"', '"a\\u0000b"', '1', 'null'),
  })
  .map(({ depth, shape, wrapped, leaf }) => {
    const inner = nestedJson(depth, shape, leaf);
    return wrapped ? `{"username":"someone","reason":${inner}}` : inner;
  });

/** A wide body within the size limit: hundreds of thousands of items in one array, as a value or as the body. */
const hugeArrayBody = fc
  .record({
    count: fc.integer({ min: 10_000, max: 240_000 }),
    item: fc.constantFrom('0', '"a"', '[]', '{}', 'null', '"\\u0000"'),
    wrapped: fc.boolean(),
  })
  .map(({ count, item, wrapped }) => {
    const array = `[${Array(count).fill(item).join(',')}]`;
    return wrapped ? `{"username":${array},"reason":${array.slice(0, 1000)}0]}` : array;
  });

const isJsonMessage = (res: LightMyRequestResponse) =>
  String(res.headers['content-type'] ?? '').startsWith('application/json') &&
  typeof res.json<{ message?: unknown }>().message === 'string';

describe('nested and huge JSON bodies', () => {
  const inventory = routeInventory();
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' }, { onRoute: inventory.onRoute });
  const takesJsonBody = (route: InventoryRoute) =>
    route.options.schema?.body !== undefined &&
    route.method !== 'GET' &&
    !(route.method === 'POST' && route.url === '/api/stories');

  async function send(route: InventoryRoute, payload: string, cookie: string, storyId: string) {
    return t.current.app.inject({
      method: route.method,
      url: fillPath(route.url, () => storyId),
      payload,
      headers: { 'content-type': 'application/json', cookie },
    });
  }

  it('the routes of the issue take JSON bodies (the sweep below reaches them)', () => {
    const names = inventory.apiRoutes().filter(takesJsonBody).map(routeName);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/user/register',
        'POST /api/user/setup',
        'POST /api/user/check-username',
        'POST /api/user/forgot-password',
        'POST /api/user/reset-password',
        'POST /api/stories/:id/report',
      ]),
    );
  });

  it(
    '5,000, 100k and 200k nested arrays or objects answer 400 with the limit named, on every route that takes a body',
    { timeout: 120_000 },
    async () => {
      const { database } = t.current;
      const user = await createTestUser(database);
      const other = await createTestUser(database);
      const story = await insertStory(database, { authorId: other.id, ...DEFAULT_CENTER });
      const answers: string[] = [];
      for (const route of inventory.apiRoutes().filter(takesJsonBody)) {
        for (const depth of [5_000, 100_000, 200_000]) {
          for (const shape of ['array', 'object'] as const) {
            const res = await send(route, nestedJson(depth, shape), user.cookie, story.id);
            answers.push(
              `${routeName(route)} ${depth} ${shape}: ${res.statusCode} ${res.json<{ message: string }>().message}`,
            );
            expect(answers.at(-1)).toBe(`${routeName(route)} ${depth} ${shape}: 400 ${TOO_DEEP}`);
          }
        }
      }
      expect(answers.length).toBeGreaterThanOrEqual(6 * 6);
    },
  );

  it('a body of exactly 32 levels is read as usual (refused by the route for its content, not its depth)', async () => {
    const res = await t.current.app.inject({
      method: 'POST',
      url: '/api/user/check-username',
      payload: `{"username":"someone","extra":${nestedJson(31, 'array')}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it(
    'fuzz: deep and wide bodies never answer 5xx, always JSON { message }; too deep is always 400',
    { timeout: 300_000 },
    async () => {
      const { database } = t.current;
      const user = await createTestUser(database);
      const story = await insertStory(database, { authorId: user.id, ...DEFAULT_CENTER });
      const routes = inventory.apiRoutes().filter(takesJsonBody);
      const failures: string[] = [];
      for (const route of routes) {
        await fc
          .assert(
            fc.asyncProperty(
              fc.oneof(
                deepBody.map((body) => ({ body, deep: true })),
                hugeArrayBody.map((body) => ({ body, deep: false })),
              ),
              fc.boolean(),
              async ({ body, deep }, signedIn) => {
                const res = await send(route, body, signedIn ? user.cookie : '', story.id);
                const ok =
                  res.statusCode < 500 &&
                  isJsonMessage(res) &&
                  (!deep || res.statusCode === 400 || res.statusCode === 413);
                if (!ok)
                  failures.push(
                    `${routeName(route)} ${signedIn ? 'signed in' : 'signed out'} ${body.slice(0, 80)}… → ${res.statusCode} ${res.body.slice(0, 120)}`,
                  );
                return ok;
              },
            ),
            { numRuns: 6, endOnFailure: true },
          )
          .catch(() => undefined);
      }
      expect(failures).toEqual([]);
    },
  );
});

describe('the checks themselves', () => {
  it('counts depth outside strings only', () => {
    expect(jsonNestsDeeperThan(nestedJson(32, 'mixed'), 32)).toBe(false);
    expect(jsonNestsDeeperThan(nestedJson(33, 'mixed'), 32)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 32)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"${'['.repeat(100)}"}`, 32)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\",${'['.repeat(40)}]`, 32)).toBe(true);
  });

  it('finds a NUL at any depth without recursion (200k levels of a parsed value)', () => {
    let deep: unknown = 'a\u0000b';
    let clean: unknown = 'ab';
    for (let i = 0; i < 200_000; i++) {
      deep = i % 2 ? [deep] : { [`k${i % 3}`]: deep };
      clean = i % 2 ? [clean] : { k: clean };
    }
    expect(containsNul(deep)).toBe(true);
    expect(containsNul(clean)).toBe(false);
    expect(containsNul({ ['a\u0000']: 1 })).toBe(true);
  });
});
