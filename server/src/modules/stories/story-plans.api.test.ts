/**
 * Every read's SQL goes through an index, never a sequential scan of stories: EXPLAIN (FORMAT JSON) of the very
 * builders the repository runs, against 20,000 seeded stories, both as a custom plan (the values known) and as
 * the generic plan PostgreSQL switches prepared statements to after a few executions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DISCOVERABLE_RESULT_CAP, DISCOVERY_RADIUS_M, MAP_RADIUS_M, MAP_RESULT_CAP } from '#common/constants';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';
import type { NearbyMethod } from './nearby-method';
import { storyQueries } from './story-queries';
import { seedCity } from './test-support/seed-city';
import type { Point } from '#common/geo';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

const CENTRE = { latitude: 32.0835, longitude: -81.0998 };

describe('query plans of the story reads', () => {
  let t: TestApp;
  let viewerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const author = await createTestUser(t.database);
    viewerId = (await createTestUser(t.database)).id;
    await seedCity(t.database, { count: 20_000, authorId: author.id, centre: CENTRE, backgroundHalfDegrees: 3 });
  }, 300_000);
  afterAll(async () => t.close());

  /** EXPLAIN of a builder, as a custom and as a generic plan of the same prepared statement. */
  async function plans(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<PlanNode[]> {
    const { sql: text, params } = query.toSQL();
    const literal = (v: unknown) =>
      v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
    const result: PlanNode[] = [];
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      // A transaction pins one connection for SET LOCAL / PREPARE / EXECUTE.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL plan_cache_mode = ${mode}`));
        await tx.execute(sql.raw(`PREPARE plan_probe AS ${text}`));
        const args = params.length ? `(${params.map(literal).join(', ')})` : '';
        const res = await tx.execute(sql.raw(`EXPLAIN (FORMAT JSON) EXECUTE plan_probe${args}`));
        await tx.execute(sql.raw('DEALLOCATE plan_probe'));
        const rows = (res as { rows: Record<string, unknown>[] }).rows;
        const raw = Object.values(rows[0]!)[0];
        const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
        result.push(parsed[0]!.Plan);
      });
    }
    return result;
  }

  function expectNoSeqScan(plan: PlanNode, label: string) {
    const seq = nodes(plan).filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'stories');
    expect(seq, `${label}: ${JSON.stringify(plan)}`).toEqual([]);
  }
  function expectGist(plan: PlanNode, label: string, index = 'stories_location_gist_idx') {
    const used = nodes(plan).some((n) => n['Index Name'] === index);
    expect(used, `${label}: ${JSON.stringify(plan)}`).toBe(true);
  }

  const db = () => t.database.db;
  const discoverable = (method: NearbyMethod, viewer: string | null) =>
    storyQueries.nearby(db(), {
      ...ll(CENTRE),
      radius: DISCOVERY_RADIUS_M,
      limit: DISCOVERABLE_RESULT_CAP,
      viewerId: viewer,
      method,
    });
  const spatial = {
    discoverable: () => discoverable('knn', viewerId),
    'discoverable (visitor)': () => discoverable('knn', null),
    'map around a point': () =>
      storyQueries.nearby(db(), {
        ...ll(CENTRE),
        radius: MAP_RADIUS_M,
        limit: MAP_RESULT_CAP,
        viewerId,
        method: 'knn',
      }),
    'map viewport': () =>
      storyQueries.inBox(db(), {
        box: { west: -81.15, south: 32.05, east: -81.05, north: 32.12 },
        centre: CENTRE,
        limit: MAP_RESULT_CAP,
        viewerId,
      }),
    'map viewport across the antimeridian': () =>
      storyQueries.inBox(db(), {
        box: { west: 179.5, south: -17.5, east: -179.5, north: -16.5 },
        centre: { latitude: -17, longitude: 180 },
        limit: MAP_RESULT_CAP,
        viewerId: null,
      }),
  };

  for (const [label, build] of Object.entries(spatial)) {
    it(`${label} uses the GiST index`, async () => {
      for (const plan of await plans(build())) {
        expectNoSeqScan(plan, label);
        expectGist(plan, label);
      }
    });
  }

  it('discoverable by the box method uses the geometry GiST index (walk and box), signed in and as a visitor', async () => {
    for (const [label, viewer] of [
      ['signed in', viewerId],
      ['visitor', null],
    ] as const) {
      for (const plan of await plans(discoverable('box', viewer))) {
        expectNoSeqScan(plan, label);
        expectGist(plan, label, 'stories_location_geom_gist_idx');
      }
    }
  });

  it('the box method gives the same rows in the same order as the KNN walk', async () => {
    // Cluster centres of the seed (dense: 300 stories within ~400 m each), sparse background, empty and
    // high-latitude places; a signed-in viewer whose own stories are private, and a visitor.
    const clusterCentre = (c: number) => ({
      latitude: CENTRE.latitude + 0.12 * Math.sin(c * 12.9898),
      longitude: CENTRE.longitude + 0.14 * Math.cos(c * 78.233),
    });
    const dense = [clusterCentre(0), clusterCentre(3), clusterCentre(17)];
    const places = [
      ...dense,
      CENTRE,
      { latitude: 33.9, longitude: -79.3 },
      { latitude: 30.2, longitude: -83.0 },
      { latitude: 0, longitude: 0 },
      { latitude: 69.65, longitude: 18.96 },
    ];
    let fullAnswers = 0;
    for (const place of places) {
      for (const viewer of [viewerId, null]) {
        for (const limit of [1, 7, DISCOVERABLE_RESULT_CAP]) {
          const args = { ...ll(place), radius: DISCOVERY_RADIUS_M, limit, viewerId: viewer };
          const byKnn = await storyQueries.nearby(db(), { ...args, method: 'knn' });
          const byBox = await storyQueries.nearby(db(), { ...args, method: 'box' });
          expect(
            byBox.map((r) => r.id),
            JSON.stringify({ place, viewer, limit }),
          ).toEqual(byKnn.map((r) => r.id));
          expect(byBox).toEqual(byKnn);
          if (limit === DISCOVERABLE_RESULT_CAP && byKnn.length === limit) fullAnswers += 1;
        }
      }
    }
    // The dense places really hit the cap, for both viewers: the comparison covered full answers.
    expect(fullAnswers).toBeGreaterThanOrEqual(dense.length * 2);
  });

  it('one story and the paginated lists use indexes too', async () => {
    const builders = {
      byId: storyQueries.byId(db(), { id: '00000000-0000-4000-8000-000000000000', viewerId }),
      all: storyQueries.page(db(), { limit: 100, cursor: null, viewerId }),
      'all, next page': storyQueries.page(db(), {
        limit: 100,
        cursor: { createdAt: '2026-01-01 00:00:00+00', id: '00000000-0000-4000-8000-000000000000' },
        viewerId: null,
      }),
      user: storyQueries.page(db(), { limit: 500, cursor: null, viewerId, authorId: viewerId }),
    };
    for (const [label, builder] of Object.entries(builders)) {
      for (const plan of await plans(builder)) expectNoSeqScan(plan, label);
    }
  });

  it('the probe itself notices a sequential scan', async () => {
    // No index on title: the only plan is a scan, which the check must flag.
    const [custom] = await plans(
      db()
        .select({ n: sql<number>`1` })
        .from(sql`stories`)
        .where(sql`title = ${'x'}`),
    );
    expect(() => expectNoSeqScan(custom!, 'probe')).toThrow();
  });
});

const ll = (p: Point) => ({ lat: p.latitude, lng: p.longitude });
