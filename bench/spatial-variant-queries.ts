/**
 * Running one variant of bench/spatial-variants.ts for a point, checking its answers against the reference
 * variant's, and its query plans (EXPLAIN).
 */
import pg from 'pg';
import type { Variant } from './spatial-variant-statements';
import type { Point } from './support';

/** The discovery call's radius and result cap the statements are run with. */
export interface AnswerShape {
  radius: number;
  cap: number;
}

/** Timestamps parsed as the app's repository does (text → Date); everything else by node-postgres. */
const ROW_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ
      ? (value: string) => new Date(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const valuesFor = (v: Variant, p: Point, shape: AnswerShape): unknown[] =>
  v.names.map((n) => (n === 'lat' ? p.latitude : n === 'lng' ? p.longitude : n === 'radius' ? shape.radius : null));

export function run(pool: pg.Pool, v: Variant, p: Point, shape: AnswerShape) {
  return pool.query<unknown[]>({
    name: `variant_${v.key}_${shape.cap}`,
    text: v.text,
    values: valuesFor(v, p, shape),
    rowMode: 'array',
    types: ROW_TYPES,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Correctness: same rows (all columns), same order as A.

export async function compare(pool: pg.Pool, reference: Variant, v: Variant, points: Point[], shape: AnswerShape) {
  let identical = 0;
  let sameIdsOtherValues = 0;
  let sameSetOtherOrder = 0;
  let otherSet = 0;
  let missing = 0;
  const details: string[] = [];
  for (const p of points) {
    const [a, b] = await Promise.all([run(pool, reference, p, shape), run(pool, v, p, shape)]);
    const idsA = a.rows.map((r) => r[0] as string);
    const idsB = b.rows.map((r) => r[0] as string);
    if (JSON.stringify(a.rows) === JSON.stringify(b.rows)) {
      identical++;
      continue;
    }
    if (idsA.join() === idsB.join()) {
      sameIdsOtherValues++;
    } else if ([...idsA].sort().join() === [...idsB].sort().join()) {
      sameSetOtherOrder++;
    } else {
      otherSet++;
      missing += idsA.filter((id) => !idsB.includes(id)).length;
    }
    if (details.length < 3) details.push(await explainMismatch(pool, p, idsA, idsB));
  }
  return { identical, sameIdsOtherValues, sameSetOtherOrder, otherSet, missing, details };
}

/** Sphere distances of the rows where two answers differ, to tell real errors from ties. */
async function explainMismatch(pool: pg.Pool, p: Point, idsA: string[], idsB: string[]) {
  const { rows } = await pool.query<{ id: string; d: number }>(
    `SELECT id, ST_Distance(location, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, false) AS d
     FROM stories WHERE id = ANY($3::uuid[])`,
    [p.longitude, p.latitude, [...new Set([...idsA, ...idsB])]],
  );
  const d = new Map(rows.map((r) => [r.id, r.d]));
  const f = (ids: string[]) => ids.map((id) => d.get(id)!.toFixed(3)).join(', ') || '-';
  const onlyA = idsA.filter((id) => !idsB.includes(id));
  const onlyB = idsB.filter((id) => !idsA.includes(id));
  const firstDiff = idsA.findIndex((id, k) => idsB[k] !== id);
  return (
    `  at ${p.latitude.toFixed(5)},${p.longitude.toFixed(5)}: A ${idsA.length} rows (last ${f(idsA.slice(-1))} m), other ${idsB.length}; ` +
    `only in A: [${f(onlyA)}] m, only in other: [${f(onlyB)}] m` +
    (firstDiff >= 0 && !onlyA.length && !onlyB.length
      ? `, first order difference at #${firstDiff}: A ${f(idsA.slice(firstDiff, firstDiff + 2))} vs ${f(idsB.slice(firstDiff, firstDiff + 2))} m`
      : '')
  );
}

// ---------------------------------------------------------------------------------------------------------
// EXPLAIN: the generic plan (what a prepared statement runs from its sixth execution on) and a check of the
// custom plan, via PREPARE/EXECUTE with plan_cache_mode forced.

export async function explain(pool: pg.Pool, v: Variant, p: Point, shape: AnswerShape) {
  const client = await pool.connect();
  const literal = (x: unknown) => (x === null ? 'NULL' : String(x));
  try {
    await client.query(`PREPARE explain_${v.key} AS ${v.text}`);
    const plans: Record<string, string> = {};
    for (const mode of ['force_generic_plan', 'force_custom_plan']) {
      await client.query(`SET plan_cache_mode = ${mode}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) EXECUTE explain_${v.key}(${valuesFor(v, p, shape).map(literal).join(', ')})`,
      );
      plans[mode] = rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    await client.query('RESET plan_cache_mode');
    await client.query(`DEALLOCATE explain_${v.key}`);
    return plans as { force_generic_plan: string; force_custom_plan: string };
  } finally {
    client.release();
  }
}

/** The plan without its one-row InitPlans (point, viewer), which every variant has. */
export const compact = (plan: string) =>
  plan
    .split('\n')
    .filter(
      (line, k, all) =>
        !/InitPlan \d+ \(returns/.test(line) &&
        !(/-> {2}Result {2}\(cost=0\.00\.\.[\d.]+ rows=1 /.test(line) && /InitPlan/.test(all[k - 1] ?? '')),
    )
    .join('\n');

export function planCheck(plan: string, index: string) {
  const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
  const seq = /Seq Scan on stories/.test(plan);
  const jit = /JIT:/.test(plan);
  return `${plan.includes(index) ? `uses ${index}` : `DOES NOT USE ${index}`}, ${seq ? 'SEQ SCAN' : 'no seq scan'}${jit ? ', JIT' : ''}, ${time} ms`;
}
