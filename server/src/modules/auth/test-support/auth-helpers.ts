/** Shared bits of the auth API tests: JSON calls through app.inject from a chosen IP, cookie helpers. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from '../session-store';

export interface CallOptions {
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  options: CallOptions = {},
) {
  return app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** The session cookie a response set (either name: plain, or `__Host-` over HTTPS), as a `cookie` request header value. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const set = res.cookies.find((c) => c.name === SESSION_COOKIE || c.name === HOST_SESSION_COOKIE);
  return set && set.value ? `${set.name}=${set.value}` : undefined;
}

/** No answer ever carries a password hash, a reset-code hash or a session token in its body. */
export function expectNoSecrets(res: LightMyRequestResponse) {
  const body = res.body;
  expect(body).not.toMatch(/argon2|passwordHash|password_hash|tokenHash/i);
  for (const c of res.cookies) if (c.value) expect(body).not.toContain(c.value);
}

let counter = 0;
/** A unique, valid registration body. */
export function newAccount(prefix = 'u') {
  counter += 1;
  const tag = `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
  return { username: tag, displayName: `Person ${tag}`, email: `${tag}@example.test`, password: 'secret123' };
}
