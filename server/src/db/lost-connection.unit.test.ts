import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isLostConnection, isReadOnlyStatement, retryReadsOnLostConnection } from './lost-connection';

const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/** A pool whose query fails the first `failures` times with `error`, then answers; counts the calls. */
function fakePool(failures: number, error: Error) {
  let calls = 0;
  const pool = {
    query: (..._args: unknown[]) => {
      calls++;
      return calls <= failures ? Promise.reject(error) : Promise.resolve({ rows: [{ ok: 1 }] });
    },
  };
  retryReadsOnLostConnection(pool as unknown as pg.Pool);
  return { query: (...args: unknown[]) => pool.query(...args), calls: () => calls };
}

describe('lost connections', () => {
  it('tells a lost connection from an unreachable server or a query error', () => {
    expect(isLostConnection(terminated)).toBe(true);
    expect(isLostConnection(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isLostConnection(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isLostConnection(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('counts only plain reads as safe to run twice', () => {
    expect(isReadOnlyStatement('SELECT 1')).toBe(true);
    expect(isReadOnlyStatement('  with near AS (SELECT 1) SELECT * FROM near')).toBe(true);
    expect(isReadOnlyStatement('INSERT INTO likes VALUES (1)')).toBe(false);
    expect(isReadOnlyStatement('WITH x AS (DELETE FROM likes RETURNING *) SELECT * FROM x')).toBe(false);
    expect(isReadOnlyStatement('SELECT * FROM stories FOR UPDATE')).toBe(false);
    expect(isReadOnlyStatement('SELECT pg_notify($1, $2)')).toBe(false);
  });

  it('runs a read again once on a fresh connection, and a write not at all', async () => {
    const read = fakePool(1, terminated);
    await expect(read.query({ text: 'SELECT 1', values: [] })).resolves.toEqual({ rows: [{ ok: 1 }] });
    expect(read.calls()).toBe(2);

    const twiceLost = fakePool(2, terminated);
    await expect(twiceLost.query('SELECT 1')).rejects.toBe(terminated);
    expect(twiceLost.calls()).toBe(2);

    const write = fakePool(1, terminated);
    await expect(write.query('INSERT INTO likes VALUES (1)')).rejects.toBe(terminated);
    expect(write.calls()).toBe(1);

    const syntax = Object.assign(new Error('syntax error'), { code: '42601' });
    const broken = fakePool(1, syntax);
    await expect(broken.query('SELECT oops')).rejects.toBe(syntax);
    expect(broken.calls()).toBe(1);
  });
});
