/**
 * The route table (common/api/routes.ts, docs/decisions/012-module-fences.md) is the app's routes: every /api route the real app
 * registers has exactly one entry (method + path) and every entry is registered, so the client's calls by name
 * cannot drift from the server. METRICS_TOKEN is set so the metrics route exists.
 */
import { describe, expect, it } from 'vitest';
import { API_CONTRACT } from '#common/api/contract';
import { API_ROUTES } from '#common/api/routes';
import { routeInventory, routeName } from '#tests/helpers/route-inventory';
import { useTestApp } from '#tests/helpers/test-app';

describe('the API route table', () => {
  const inventory = routeInventory();
  useTestApp({ METRICS_TOKEN: 'a-long-enough-metrics-token' }, { onRoute: inventory.onRoute });

  const tableNames = () => Object.values(API_ROUTES).map((route) => `${route.method} ${route.path}`);

  it('has one entry per registered /api route, and no other', () => {
    const registered = inventory.apiRoutes().map(routeName);
    expect(new Set(registered).size).toBe(registered.length);
    expect(new Set(tableNames()).size).toBe(tableNames().length);
    expect([...registered].sort()).toEqual([...tableNames()].sort());
  });

  it('registers each route with the schemas of its contract entry', () => {
    const byName = new Map(inventory.apiRoutes().map((route) => [routeName(route), route.options.schema ?? {}]));
    const differing: string[] = [];
    for (const [name, route] of Object.entries(API_ROUTES)) {
      const schema = byName.get(`${route.method} ${route.path}`) as Record<string, unknown>;
      const entry: Record<string, unknown> = API_CONTRACT[name as keyof typeof API_CONTRACT];
      // The story pages check the cursor with a schema of their own (read-routes.ts): the wire form is in the table.
      const parts = ['params', 'body', ...(name === 'allStories' || name === 'userStories' ? [] : ['querystring'])];
      for (const part of parts) if (schema[part] !== entry[part]) differing.push(`${name}: ${part}`);
      const responses = schema.response as Record<string, unknown>;
      for (const [status, answer] of Object.entries(entry.response as Record<string, unknown>)) {
        if (responses[status] !== answer) differing.push(`${name}: response ${status}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
