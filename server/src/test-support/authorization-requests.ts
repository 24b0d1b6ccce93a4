/**
 * The requests of the authorization matrix (authorization-matrix.api.test.ts): for a route, one request per binding
 * of its path parameters to the owner's resources, with a body and query string its own contract accepts.
 */
import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { multipartBody } from '../modules/stories/test-support/story-helpers';
import { traceAndFollowBindings } from '../modules/traces/test-support/authorization-fixtures';
import { routeName, type InventoryRoute } from '#tests/helpers/route-inventory';
import type { TestApp } from '#tests/helpers/test-app';
import { hasFileField, sampleOf } from '#tests/helpers/zod-sample';
import type { Fixtures } from './authorization-fixtures';

/** What a path parameter is bound to. */
interface Binding {
  label: string;
  /** The parameter's value (a media key is put in the path as it is, slashes included). */
  value: string;
  /** A resource only its owner may see or change: everyone else gets 401/403/404 from every route on it. */
  ownersOnly: boolean;
  /** Extra query string the binding needs (a media link's signature). */
  query?: string;
}

/** A path parameter's bindings to the owner's resources, for a route. */
export type OwnedBindings = (f: Fixtures, route: InventoryRoute, t: TestApp) => Binding[];

/** The request's parts, from the route's own contract. */
export interface Planned {
  url: string;
  binding: Binding | null;
  payload: InjectOptions['payload'];
  headers: Record<string, string>;
}

type PlanResult = { planned: Planned[] } | { unplannable: string };

const SAMPLE_HINTS = { type: ['text'] } as const;

function schemaOf(route: InventoryRoute, part: 'body' | 'querystring' | 'params'): z.ZodType | undefined {
  const schema = route.options.schema?.[part];
  return schema instanceof z.ZodType ? schema : undefined;
}

/** One request per binding of the route's path parameters, with a body and query its contract accepts. */
export async function plan(
  route: InventoryRoute,
  f: Fixtures,
  t: TestApp,
  tables: { ownedResources: Record<string, OwnedBindings>; sampleBodies: Record<string, (f: Fixtures) => object> },
): Promise<PlanResult> {
  const querySchema = schemaOf(route, 'querystring');
  const query = querySchema ? sampleOf(querySchema) : {};
  if (query === undefined) return { unplannable: 'no query string its schema accepts' };
  const bodySchema = schemaOf(route, 'body');
  let payload: InjectOptions['payload'];
  const headers: Record<string, string> = {};
  if (bodySchema) {
    const body = tables.sampleBodies[routeName(route)]?.(f) ?? sampleOf(bodySchema, { hints: SAMPLE_HINTS });
    if (body === undefined) return { unplannable: 'no body its schema accepts' };
    if (hasFileField(bodySchema)) {
      const form = await multipartBody(
        Object.fromEntries(Object.entries(body as object).map(([k, v]) => [k, String(v)])),
      );
      payload = form.payload;
      Object.assign(headers, form.headers);
    } else {
      payload = body as object;
    }
  }
  const paramsSchema = schemaOf(route, 'params');
  const sampledParams = (paramsSchema ? sampleOf(paramsSchema) : {}) as Record<string, unknown> | undefined;

  // Each owned parameter multiplies the requests by its bindings; the others take their sample.
  let bindings: (Binding | null)[] = [null];
  let ownedParam: string | null = null;
  for (const param of route.params) {
    const owned = traceAndFollowBindings(param, route, f.owner.id) ?? tables.ownedResources[param]?.(f, route, t) ?? [];
    if (owned.length) [bindings, ownedParam] = [owned, param]; // one owned parameter per route in the inventory
  }
  const planned: Planned[] = [];
  for (const binding of bindings) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, (_m, name: string | undefined) => {
      const param = name ?? '*';
      if (binding && param === ownedParam) {
        return param === '*' ? binding.value : encodeURIComponent(binding.value);
      }
      const sampled = sampledParams?.[param];
      return encodeURIComponent(sampled === undefined ? crypto.randomUUID() : String(sampled));
    });
    const search = new URLSearchParams(Object.entries(query as object).map(([k, v]) => [k, String(v)])).toString();
    const queryString = [search, binding?.query].filter(Boolean).join('&');
    planned.push({ url: queryString ? `${path}?${queryString}` : path, binding, payload, headers });
  }
  return { planned };
}
