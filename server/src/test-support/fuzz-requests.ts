/**
 * The request generator and the answer checks of the route fuzz test (server/src/fuzz-routes.api.test.ts): fast-check
 * arbitraries for requests (paths, queries, bodies and multipart forms of hostile values, hostile-values.ts), and
 * the checks of what came back.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { DEFAULT_CENTER } from '#common/constants';
import { baseStoryFields, multipartBody } from '../modules/stories/test-support/story-helpers';
import { fillPath, isEndlessStream, routeName, type InventoryRoute } from '#tests/helpers/route-inventory';
import {
  HUGE_ARRAY,
  hostileHeaders,
  hostileJson,
  hostileText,
  nestedJson,
  nestedText,
  OVER_THE_LIMIT,
  pathSegment,
  queryValue,
} from './hostile-values';

/** Requests per route; 34 routes → some 2,700 requests (see the run's own figure in its console line). */
export const RUNS_PER_ROUTE = 80;
export const SHARE_PAGE_RUNS = 150;
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Top-level field names of a zod schema (objects, through pipes/transforms, intersections and wrappers). */
function fieldNamesOf(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldNamesOf(schema.in);
  if (schema instanceof z.ZodIntersection) return [...fieldNamesOf(schema.def.left), ...fieldNamesOf(schema.def.right)];
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return fieldNamesOf(schema.unwrap());
  if (schema instanceof z.ZodDefault) return fieldNamesOf(schema.def.innerType);
  return [];
}

const COMMON_QUERY_KEYS = [
  'lat',
  'lng',
  'accuracy',
  'limit',
  'cursor',
  'bbox',
  'timeOfDay',
  'lastEventId',
  'exp',
  'sig',
];

// ---------- the request generator ----------
export interface FuzzContext {
  storyId: string;
  notificationCursor: string;
  storyCursor: string;
}

type Caller = 'signed out' | 'signed in' | 'garbled cookie';

type Boundary = 'keep' | 'drop' | 'wrong';

/** A story form to send: its fields, how much of it (0–1), a file part, and what becomes of the boundary. */
interface MultipartPlan {
  fields: Record<string, string>;
  cut: number;
  file: null | { name: string; bytes: Buffer };
  boundary: Boundary;
}

interface FuzzRequest {
  caller: Caller;
  inject: Omit<InjectOptions, 'headers'> & { headers: Record<string, string> };
  /** Built when sent (the platform's FormData encoder is asynchronous). */
  multipart: MultipartPlan | undefined;
  /** What the request is, for the failure report (bodies cut short). */
  describe: string;
}

interface BodyPlan {
  payload?: string;
  type?: string;
  multipart?: MultipartPlan;
}

/** A cursor altered the ways an attacker would: truncated, one character changed, re-encoded, forged. */
function cursorArbitrary(real: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min: 0, max: Math.max(0, real.length - 1) }).map((n) => real.slice(0, n)),
    fc
      .integer({ min: 0, max: Math.max(0, real.length - 1) })
      .map((i) => real.slice(0, i) + (real[i] === 'A' ? 'B' : 'A') + real.slice(i + 1)),
    fc.constantFrom(
      Buffer.from(`2024-01-01 00:00:00+00|${crypto.randomUUID()}`).toString('base64url'),
      Buffer.from(`9999-99-99 99:99:99+99|${crypto.randomUUID()}`).toString('base64url'),
      Buffer.from("'; select 1;--|x").toString('base64url'),
      Buffer.from('x'.repeat(300)).toString('base64url'),
      real + real,
      '====',
      '!!!',
    ),
    hostileText,
  );
}

export function requestArbitrary(route: InventoryRoute, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const queryKeys = [...new Set([...fieldNamesOf(route.options.schema?.querystring), ...COMMON_QUERY_KEYS])];
  const bodyKeys = fieldNamesOf(route.options.schema?.body);
  const isMultipart = route.method === 'POST' && route.url === '/api/stories';
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
  const callers: Caller[] = isEndlessStream(route)
    ? ['signed out', 'garbled cookie']
    : ['signed out', 'signed in', 'garbled cookie'];

  // Path: each parameter a valid-looking value or a hostile one.
  const pathArb = fc
    .tuple(...route.params.map((param) => fc.oneof(fc.constant(validParam(param, ctx)), pathSegment)))
    .map((values) => {
      let i = 0;
      return fillPath(route.url, () => `\u0001${i++}\u0001`).replace(
        /%01(\d+)%01/g,
        (_m, n: string) => values[Number(n)]!,
      );
    });
  const cursor = fc.oneof(cursorArbitrary(ctx.storyCursor), cursorArbitrary(ctx.notificationCursor)).map((c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%ED%A0%80';
    }
  });
  const queryArb = fc
    .array(fc.tuple(fc.constantFrom(...queryKeys, 'unknown'), fc.oneof(queryValue, cursor)), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

  // A valid body with one field made hostile: the value alone must be refused, not the body around it.
  const valid = VALID_BODIES[routeName(route)];
  const oneFieldHostile = valid
    ? fc.tuple(fc.constantFrom(...Object.keys(valid)), fc.oneof(hostileText, hostileJson)).map(([key, value]) => ({
        payload: JSON.stringify({ ...valid, [key]: value }),
        type: 'application/json',
      }))
    : fc.constant({});
  const jsonBody = fc.oneof(
    oneFieldHostile,
    oneFieldHostile,
    // The route's own fields with hostile values (and one unknown field).
    fc
      .dictionary(fc.constantFrom(...bodyKeys, 'unknown', '__proto__'), hostileJson, { maxKeys: bodyKeys.length + 1 })
      .map((b) => ({
        payload: JSON.stringify(b),
        type: 'application/json',
      })),
    // Not an object at all, not JSON at all, or JSON under the wrong label.
    hostileJson.map((v) => ({ payload: JSON.stringify(v) ?? 'null', type: 'application/json' })),
    fc
      .constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '\u0000',
        '',
        'null',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
      )
      .map((payload) => ({
        payload,
        type: 'application/json',
      })),
    // Nested values in the route's own fields, a huge array, and a body over the size limit.
    fc
      .dictionary(fc.constantFrom(...bodyKeys, 'unknown'), nestedJson, { maxKeys: 2 })
      .map((b) => ({ payload: JSON.stringify(b), type: 'application/json' })),
    fc
      .constantFrom(HUGE_ARRAY, OVER_THE_LIMIT, nestedText(30, 'array'), nestedText(30, 'object'))
      .map((payload) => ({ payload, type: 'application/json' })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        '',
        '\u0000',
        'application/json, text/plain',
      )
      .chain((type) => hostileText.map((payload) => ({ payload, type }))),
  );

  const multipart = fc.oneof(
    // The real form with one field made hostile.
    fc
      .tuple(fc.constantFrom(...Object.keys(baseStoryFields()), 'type', 'unknown', '__proto__'), hostileText)
      .map(([name, value]) => ({
        fields: { ...baseStoryFields(), [name]: value },
        cut: 1,
        file: null,
      })),
    // A truncated form.
    fc.double({ min: 0, max: 1, noNaN: true }).map((cut) => ({ fields: baseStoryFields(), cut, file: null })),
    // A file part that is not what it claims to be.
    fc
      .tuple(fc.constantFrom('image', 'audio', 'video', 'avatar'), fc.uint8Array({ maxLength: 2048 }))
      .map(([name, bytes]) => ({
        fields: baseStoryFields({ type: name === 'avatar' ? 'image' : name }),
        cut: 1,
        file: { name, bytes: Buffer.from(bytes) },
      })),
  );

  const boundaries: Boundary[] = ['keep', 'keep', 'drop', 'wrong'];
  const bodyArb: fc.Arbitrary<BodyPlan> = !sendsBody
    ? fc.constant({})
    : isMultipart
      ? fc.oneof(
          fc
            .tuple(multipart, fc.constantFrom(...boundaries))
            .map(([m, boundary]): BodyPlan => ({ multipart: { ...m, boundary } })),
          jsonBody,
        )
      : fc.oneof(fc.constant({}), jsonBody);

  // Mostly the route's own method; now and then another one on the same path.
  const methodArb = fc.oneof(
    { weight: 9, arbitrary: fc.constant(route.method) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
  );
  const headersArb = fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: hostileHeaders });

  return fc
    .record({
      caller: fc.constantFrom(...callers),
      method: methodArb,
      path: pathArb,
      query: queryArb,
      body: bodyArb,
      extra: headersArb,
    })
    .filter(({ method, caller }) => !(isEndlessStream(route) && method === 'GET' && caller === 'signed in'))
    .map(({ caller, method, path, query, body, extra }): FuzzRequest => {
      const headers: Record<string, string> = { ...extra };
      if (body.type !== undefined) headers['content-type'] = body.type;
      const inject: FuzzRequest['inject'] = { method, url: path + query, headers };
      if (body.payload !== undefined && method !== 'GET') inject.payload = body.payload;
      return {
        caller,
        inject,
        describe: `${caller} ${method} ${(path + query).slice(0, 300)} ${JSON.stringify(extra).slice(0, 200)} ${body.type ?? ''} ${String(body.payload ?? '').slice(0, 200)}${
          body.multipart
            ? ` multipart(${body.multipart.boundary}, cut ${body.multipart.cut}, ${JSON.stringify(body.multipart.fields).slice(0, 300)}, file ${body.multipart.file?.name ?? '-'})`
            : ''
        }`,
        multipart: body.multipart,
      };
    });
}

/** A body each known route accepts (the fuzz changes one field of it); a new route still gets the other bodies. */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/user/register': {
    username: 'fuzzed_user',
    displayName: 'Fuzz Person',
    email: 'fuzz@example.test',
    password: 'secret123',
  },
  'POST /api/user/login': { username: 'fuzzed_user', password: 'secret123' },
  'POST /api/user/setup': {
    username: 'fuzzed_user2',
    displayName: 'Fuzz Person',
    bio: 'A bio',
    favoriteStoryType: 'text',
  },
  'PUT /api/user/language': { language: 'es' },
  'POST /api/user/check-username': { username: 'fuzzed_user' },
  'POST /api/user/forgot-password': { username: 'fuzzed_user' },
  'POST /api/user/reset-password': { username: 'fuzzed_user', token: 'ABCDEFGHJK', newPassword: 'secret456' },
  'POST /api/stories/:id/report': { reason: 'other', note: 'Not what it says' },
};

function validParam(param: string, ctx: FuzzContext): string {
  switch (param) {
    case 'lat':
      return String(DEFAULT_CENTER.latitude);
    case 'lng':
      return String(DEFAULT_CENTER.longitude);
    case 'id':
    case 'userId':
      return ctx.storyId;
    default:
      return 'x';
  }
}

export async function multipartPayload(m: MultipartPlan) {
  const files = m.file ? { [m.file.name]: { data: m.file.bytes, contentType: 'image/png', filename: 'x.png' } } : {};
  let built: Awaited<ReturnType<typeof multipartBody>>;
  try {
    built = await multipartBody(m.fields, files);
  } catch {
    // A field the platform's encoder cannot write (a lone surrogate): send it as the bytes it would be.
    built = await multipartBody({ ...m.fields, title: '\uFFFD' }, files);
  }
  const payload = built.payload.subarray(0, Math.floor(built.payload.length * m.cut));
  const type =
    m.boundary === 'keep'
      ? built.headers['content-type']!
      : m.boundary === 'drop'
        ? 'multipart/form-data'
        : 'multipart/form-data; boundary=nope';
  return { payload, type };
}

// ---------- the database, before and after ----------
/** Each table's rows as a digest of their full text (order-free): a changed value shows, not only a new row. */
export async function tableContents(
  t: { database: { query: <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => Promise<T[]> } },
  tables: string[],
) {
  const digests = tables
    .map(
      (table) =>
        `(SELECT count(*) || ':' || coalesce(sum(hashtext(r::text)::bigint), 0) FROM "${table}" r) AS "${table}"`,
    )
    .join(', ');
  const [row] = await t.database.query<Record<string, string>>(sql.raw(`SELECT ${digests}`));
  return row!;
}

/** The zod schema a route declares for an answer's status (exact code first, then `2xx`). */
function declaredResponse(route: InventoryRoute, status: number): z.ZodType | undefined {
  const responses = (route.options.schema?.response ?? {}) as Record<string, unknown>;
  const schema = responses[String(status)] ?? responses[`${String(status)[0]}xx`];
  return schema instanceof z.ZodType ? schema : undefined;
}

/** Why a 2xx answer does not match its declared schema (null when it does, or when it is not JSON). */
export function responseMismatch(route: InventoryRoute, res: LightMyRequestResponse): string | null {
  const schema = declaredResponse(route, res.statusCode);
  if (!schema) return `${res.statusCode} is not a status the route declares`;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return null;
  const parsed = schema.safeParse(res.json());
  return parsed.success
    ? null
    : `${res.statusCode} does not match its declared schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`;
}

export const isJsonMessage = (res: LightMyRequestResponse) => {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return false;
  try {
    const body = res.json<unknown>();
    return typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string';
  } catch {
    return false;
  }
};

/**
 * Text fields of a zod schema without a maximum length (paths such as `body.username`). Path parameters are
 * bounded by the router (maxParamLength); `z.unknown()` values are ignored by their route.
 */
export function unboundedTexts(schema: unknown, at: string): string[] {
  if (schema instanceof z.ZodString) return schema.maxLength === null ? [at] : [];
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape).flatMap(([key, value]) => unboundedTexts(value, `${at}.${key}`));
  if (schema instanceof z.ZodPipe) return unboundedTexts(schema.in, at);
  if (schema instanceof z.ZodIntersection)
    return [...unboundedTexts(schema.def.left, at), ...unboundedTexts(schema.def.right, at)];
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((option) => unboundedTexts(option, at));
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return unboundedTexts(schema.unwrap(), at);
  if (schema instanceof z.ZodDefault) return unboundedTexts(schema.def.innerType, at);
  return [];
}
