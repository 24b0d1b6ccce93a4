/**
 * No 5xx for any input (docs/security.md, "Threat model"; made to check what it promises in docs/security.md, "Hardening, third round"): a fast-check
 * property over every route of the route inventory, and one over the share page. Each run sends one malformed
 * request — wrong types, NUL and other control characters, over-long text in every field and parameter, unicode
 * edge cases, NaN/Infinity/out-of-range/hex coordinates, forged and garbled cursors, broken and truncated
 * multipart bodies, wrong content types, garbled cookies, nested JSON (fc.letrec) and huge arrays, a body over the
 * size limit, hostile Range / X-Forwarded-For / Origin / Sec-Fetch-Site headers, and the wrong method — and checks:
 * - never a 5xx;
 * - every error is JSON `{ message }` (Fastify's own errors included);
 * - every 2xx answer matches the response schema the route declares for that status;
 * - a refused request (4xx) leaves every stored row as it was (the rows' contents, not their counts;
 *   throttle_events excepted: counting a failed sign-in is what a refused login is meant to do; digest_runs too: the
 *   follow digest's own timer claims its periods whatever the requests).
 * Failing routes are collected with their shrunk counterexample and fast-check seed, so one run shows them all.
 * Cases found by docs/security.md, "Hardening, third round"'s probe (deep nesting, `$` in a share title, an Origin of another scheme) are separate tests naming the item.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { safeSingleLine } from '#common/text';
import { createSession, findSessionUser, SESSION_COOKIE } from './modules/auth/session-store';
import { insertStory } from './modules/stories/test-support/story-fixtures';
import { baseStoryFields, multipartBody, postStory } from './modules/stories/test-support/story-helpers';
import { routeInventory, routeName } from '#tests/helpers/route-inventory';
import { useTestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import {
  isJsonMessage,
  multipartPayload,
  requestArbitrary,
  responseMismatch,
  RUNS_PER_ROUTE,
  SHARE_PAGE_RUNS,
  tableContents,
  unboundedTexts,
  VALID_BODIES,
  type FuzzContext,
} from './test-support/fuzz-requests';
import {
  headerText,
  hostileHeaders,
  hostileText,
  nestedText,
  OVER_THE_LIMIT,
  pathSegment,
} from './test-support/hostile-values';

/** A built client of the test's own, so the app serves the share page (`/stories/:id`). */
const SHARE_INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Whispers</title></head><body><div id="root"></div></body></html>';
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-fuzz-client-'));
fs.writeFileSync(path.join(clientDir, 'index.html'), SHARE_INDEX_HTML);

const htmlEscaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

describe('no 5xx for any input: every route of the inventory, fuzzed', () => {
  const inventory = routeInventory();
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' }, { onRoute: inventory.onRoute, clientDir });

  it('every text a route reads from a body or query string has a maximum length', () => {
    const unbounded = inventory
      .apiRoutes()
      .flatMap((route) => [
        ...unboundedTexts(route.options.schema?.body, `${routeName(route)} body`),
        ...unboundedTexts(route.options.schema?.querystring, `${routeName(route)} query`),
      ]);
    expect(unbounded).toEqual([]);
  });

  it('reads at subnormal coordinates (5e-324, which PostgreSQL float arithmetic refuses as underflow) answer, not 500', async () => {
    const { app } = t.current;
    for (const url of [
      '/api/stories/around/-5e-324/-81.0998',
      '/api/stories/discoverable/-5e-324/5e-324',
      '/api/stories/map/1e-320/-81.0998',
      '/api/stories/map?bbox=-5e-324,-5e-324,5e-324,5e-324&lat=5e-324&lng=5e-324',
      '/api/stories/all?lat=5e-324&lng=-5e-324',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('refuses text holding a NUL character (which PostgreSQL cannot store) with 400, signed in or not', async () => {
    const { app, database } = t.current;
    const user = await createTestUser(database);
    const json = (url: string, payload: object, cookie?: string) =>
      app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
    const answers = [
      await json('/api/user/register', {
        ...VALID_BODIES['POST /api/user/register'],
        displayName: 'Ada\u0000Lovelace',
      }),
      await json('/api/user/login', { username: 'ada\u0000', password: 'x' }),
      await json('/api/user/check-username', { username: 'ada\u0000' }),
      await json('/api/user/forgot-password', { username: 'ada\u0000' }),
      await json('/api/user/setup', { ...VALID_BODIES['POST /api/user/setup'], bio: 'a\u0000b' }, user.cookie),
      await postStory(app, user.cookie, baseStoryFields({ title: 'Nul\u0000title' })),
    ];
    expect(answers.map((res) => [res.statusCode, res.json<{ message: string }>().message])).toEqual(
      answers.map(() => [400, 'Text must not contain NUL characters.']),
    );
  });

  it('answers a malformed multipart body with 400, not 500 (no boundary, an over-long one, a body cut short)', async () => {
    const { app, database } = t.current;
    const user = await createTestUser(database);
    const { payload, headers } = await multipartBody(baseStoryFields());
    const cases: [string, string, Buffer][] = [
      ['no boundary', 'multipart/form-data', payload],
      ['no boundary, empty body', 'multipart/form-data', Buffer.alloc(0)],
      ['a 300-character boundary', `multipart/form-data; boundary=${'b'.repeat(300)}`, payload],
      ['cut short', headers['content-type']!, payload.subarray(0, Math.floor(payload.length / 2))],
    ];
    for (const [name, type, body] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/stories',
        payload: body,
        headers: { 'content-type': type, cookie: user.cookie },
      });
      expect({ name, status: res.statusCode, json: isJsonMessage(res) }).toEqual({ name, status: 400, json: true });
    }
  });

  // About 40 s of CPU; the generous timeout is for a machine shared with other work.
  it(
    'never answers 5xx, errors are JSON { message }, 2xx answers match their declared schema, and refused requests change no stored row',
    { timeout: 900_000 },
    async () => {
      const { app, database } = t.current;
      const user: TestUser = await createTestUser(database);
      const story = await insertStory(database, { authorId: user.id, ...DEFAULT_CENTER });
      for (let i = 0; i < 3; i++) await insertStory(database, { authorId: user.id, ...DEFAULT_CENTER });
      const page = await app.inject({ method: 'GET', url: '/api/stories/all?limit=1' });
      const storyCursor = decodeURIComponent(/cursor=([^&>]+)/.exec(String(page.headers.link))?.[1] ?? 'none');
      const ctx: FuzzContext = {
        storyId: story.id,
        storyCursor,
        notificationCursor: Buffer.from(`2024-01-01 00:00:00+00|${crypto.randomUUID()}`).toString('base64url'),
      };
      const tableRows = await database.query<{ name: string }>(
        sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('throttle_events', 'spatial_ref_sys', 'digest_runs')`,
      );
      const tables = tableRows.map((r) => r.name);
      expect(tables).toEqual(expect.arrayContaining(['users', 'stories', 'sessions', 'notifications', 'unlocks']));

      const failures: string[] = [];
      let requests = 0;
      let sessionToken: string | undefined;
      const started = Date.now();
      const cpuAtStart = process.cpuUsage();
      // One seed per run, printed, so a failure is replayed with FUZZ_SEED=<seed> (each route runs on seed + its index).
      const runSeed = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
      console.info(`fuzz: seed ${runSeed} (replay with FUZZ_SEED=${runSeed})`);
      for (const [routeIndex, route] of inventory.apiRoutes().entries()) {
        const result = await fc.check(
          fc.asyncProperty(requestArbitrary(route, ctx), async (request) => {
            const sent = request;
            const headers = { ...sent.inject.headers };
            if (sent.caller === 'signed in') {
              // One session while it lasts (a sign-out ends it): a new one per request would grow the table the
              // before/after comparison reads on every request.
              if (!sessionToken || !(await findSessionUser(database.db, sessionToken)))
                sessionToken = (await createSession(database.db, user.id)).token;
              headers.cookie = `${SESSION_COOKIE}=${sessionToken}`;
            } else if (sent.caller === 'garbled cookie') {
              headers.cookie = `${SESSION_COOKIE}=${'%00'.repeat(3)}garbled; other=\u0001`;
            }
            const inject = { ...sent.inject, headers };
            if (sent.multipart && sent.inject.method !== 'GET') {
              const { payload, type } = await multipartPayload(sent.multipart);
              inject.payload = payload;
              headers['content-type'] = type;
            }
            const before = await tableContents(t.current, tables);
            requests += 1;
            const res = await app.inject(inject);
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
            if (res.statusCode >= 200 && res.statusCode < 300 && inject.method === route.method) {
              const mismatch = responseMismatch(route, res);
              if (mismatch) throw new Error(mismatch);
            }
            if (res.statusCode >= 400) {
              if (!isJsonMessage(res))
                throw new Error(
                  `${res.statusCode} not JSON { message }: ${res.headers['content-type']} ${res.body.slice(0, 200)}`,
                );
              const after = await tableContents(t.current, tables);
              const changed = tables.filter((table) => after[table] !== before[table]);
              if (changed.length) throw new Error(`${res.statusCode} but stored rows changed in ${changed.join(', ')}`);
            }
          }),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: false, seed: runSeed + routeIndex },
        );
        if (result.failed) {
          const example = result.counterexample?.[0];
          failures.push(
            `${routeName(route)} (FUZZ_SEED=${runSeed}, route seed ${result.seed}): ${String(result.errorInstance)}\n    request: ${example?.describe ?? '?'}`,
          );
        }
      }
      const seconds = (Date.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuAtStart);
      console.info(
        `fuzz: ${requests} requests (shrinking included) over ${inventory.apiRoutes().length} routes in ${seconds.toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU)`,
      );
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThanOrEqual(inventory.apiRoutes().length * RUNS_PER_ROUTE);
    },
  );

  it(
    'the share page: any id, any title, any headers — never a 5xx, always the page once, never a private story',
    { timeout: 300_000 },
    async () => {
      const { app, database } = t.current;
      const author = await createTestUser(database);
      const privateStory = await insertStory(database, {
        authorId: author.id,
        ...DEFAULT_CENTER,
        title: 'Private share title',
        isPublic: false,
      });
      const titled = fc
        .oneof(
          hostileText,
          fc.constantFrom('<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '</head><body>', '&amp;&lt;'),
        )
        .map((title) => title.replaceAll('\u0000', '').slice(0, 200) || 'x');
      const target = fc.oneof(
        titled.map((title) => ({ kind: 'story' as const, title })),
        fc.constant({ kind: 'private' as const, title: '' }),
        pathSegment.map((segment) => ({ kind: 'segment' as const, title: segment })),
      );
      const host = fc.oneof(
        fc.constant(undefined),
        fc.constantFrom('evil.example', 'localhost:80', '[::1]', 'a'.repeat(300), ''),
        headerText,
      );
      let requests = 0;
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(target, hostileHeaders, host, async (pick, headers, hostHeader) => {
          let url: string;
          // The title as the database gives it back: PGlite's text decoding drops a leading U+FEFF (a title through
          // the API cannot start with one: the contract trims it).
          let storedTitle = pick.title;
          if (pick.kind === 'story') {
            const row = await insertStory(database, { authorId: author.id, ...DEFAULT_CENTER, title: pick.title });
            url = `/stories/${row.id}`;
            storedTitle = row.title;
          } else if (pick.kind === 'private') url = `/stories/${privateStory.id}`;
          else url = `/stories/${pick.title}`;
          requests += 1;
          const res = await app.inject({
            method: 'GET',
            url,
            headers: { ...headers, ...(hostHeader === undefined ? {} : { host: hostHeader }) },
          });
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
          // Refusals other than the page's own 404 (a path the static files refuse, a bad Host…): JSON { message }.
          if (res.statusCode >= 400 && res.statusCode !== 404) {
            if (!isJsonMessage(res))
              throw new Error(`${res.statusCode} not JSON { message }: ${res.body.slice(0, 200)}`);
            return;
          }
          if (!String(res.headers['content-type']).startsWith('text/html'))
            throw new Error(`not a page: ${res.headers['content-type']}`);
          // A path the router resolves to the client's static index.html honours Range like any static file.
          if (res.statusCode === 206 && pick.kind === 'segment' && res.headers['content-range']) return;
          if (res.body.split('</head>').length !== 2)
            throw new Error(`the page is not whole once: ${res.body.slice(0, 300)}`);
          if (pick.kind === 'story' && res.statusCode !== 200)
            throw new Error(`a public story's page answered ${res.statusCode}`);
          // Shown as the public-text rule allows (one line, no control or format characters: common/text.ts).
          if (
            pick.kind === 'story' &&
            !/\p{Cs}/u.test(pick.title) &&
            !res.body.includes(`content="${htmlEscaped(safeSingleLine(storedTitle))}"`)
          ) {
            throw new Error('the title is not in the page, HTML-escaped');
          }
          if (res.body.includes('<script>') || res.body.includes('<img src=x'))
            throw new Error('markup from a title is in the page');
          if (pick.kind === 'private' && (res.statusCode !== 404 || res.body.includes('Private share title')))
            throw new Error('a private story shows');
        }),
        { numRuns: SHARE_PAGE_RUNS },
      );
      console.info(`fuzz: share page ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
  );

  it('`$` patterns in a title do not expand inside the share page', async () => {
    const { app, database } = t.current;
    const author = await createTestUser(database);
    const story = await insertStory(database, { authorId: author.id, ...DEFAULT_CENTER, title: "$& $' $` $1 $$" });
    const res = await app.inject({ method: 'GET', url: `/stories/${story.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('</head>')).toHaveLength(2);
  });

  it(
    'JSON nested 5,000 to 200,000 levels deep answers 400 (413 when also over the size limit), not 500',
    { timeout: 60_000 },
    async () => {
      const { app, database } = t.current;
      const user = await createTestUser(database);
      const story = await insertStory(database, { authorId: user.id, ...DEFAULT_CENTER });
      const answers: string[] = [];
      for (const url of [
        '/api/user/register',
        '/api/user/setup',
        '/api/user/check-username',
        '/api/user/forgot-password',
        '/api/user/reset-password',
        `/api/stories/${story.id}/report`,
      ]) {
        for (const depth of [5_000, 200_000]) {
          for (const kind of ['array', 'object'] as const) {
            const res = await app.inject({
              method: 'POST',
              url,
              payload: nestedText(depth, kind),
              headers: { 'content-type': 'application/json', cookie: user.cookie },
            });
            answers.push(`${url} ${kind} ${depth}: ${res.statusCode}`);
          }
        }
      }
      // 400 before any recursive walk; a body that is also over the 1 MiB limit (200k nested objects) is 413 first.
      expect(answers.filter((answer) => !/: (400|413)$/.test(answer))).toEqual([]);
    },
  );

  it('a same-host Origin of another scheme is cross-site (403)', async () => {
    const { app } = t.current;
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/check-username',
      payload: { username: 'someone' },
      headers: { origin: 'https://localhost:80' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('a body over the size limit is refused with 413 `{ message }`, stored nothing', async () => {
    const res = await t.current.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: OVER_THE_LIMIT,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(isJsonMessage(res)).toBe(true);
  });
});
