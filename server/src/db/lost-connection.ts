/**
 * A pooled connection can die under a query (the server restarted, an administrator or a failover ended the
 * backend): node-postgres drops that client, but the query that was on it fails. A read is run again once on a
 * fresh connection; a write is not, since it may have committed just before the connection was lost (the
 * request then answers 503 and the client may retry).
 */
import type pg from 'pg';

/** SQLSTATEs and driver messages meaning "this connection is gone", not "the server cannot be reached". */
const LOST_CONNECTION_CODES = new Set(['57P01', '57P02', 'ECONNRESET', 'EPIPE']);
const LOST_CONNECTION_MESSAGE = /Connection terminated unexpectedly|connection error and is not queryable/i;

export function isLostConnection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && LOST_CONNECTION_CODES.has(code)) return true;
  return typeof message === 'string' && LOST_CONNECTION_MESSAGE.test(message);
}

/** A plain SELECT (or WITH … SELECT) that writes nothing: safe to run twice. */
export function isReadOnlyStatement(text: string): boolean {
  return (
    /^\s*(select|with)\b/i.test(text) &&
    !/\b(insert|update|delete|merge|nextval|setval|pg_notify|for\s+(no\s+key\s+)?update|for\s+share)\b/i.test(text)
  );
}

function statementText(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : undefined;
}

/** Makes `pool.query` (what Drizzle and the prepared statements call) retry a read once after a lost connection. */
export function retryReadsOnLostConnection(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const retrying = (...args: unknown[]): unknown => {
    // The callback form is left alone: nothing in the app uses it.
    if (typeof args.at(-1) === 'function') return query(...args);
    const text = statementText(args[0]);
    const first = query(...args) as Promise<unknown>;
    if (text === undefined || !isReadOnlyStatement(text)) return first;
    return first.catch((error: unknown) => {
      if (!isLostConnection(error)) throw error;
      return query(...args);
    });
  };
  pool.query = retrying as typeof pool.query;
}
