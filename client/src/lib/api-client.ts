import { apiPath } from '#common/api/routes';

/**
 * The API client of docs/design.md, part 7: every call sends credentials (cookies); bodies are JSON unless FormData;
 * a non-OK answer throws an `ApiError` whose message is "{status}: {body text or status text}" (section 8).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** The server's `{ message }` when the body was JSON. */
    public readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The `message` of an error body `{ "message": … }` (every API error has this shape), or undefined. */
export function serverMessageOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
      return parsed.message;
  } catch {
    // not JSON: there is no server message
  }
  return undefined;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, `${res.status}: ${text}`, serverMessageOf(text));
}

/** GET /api/config (common/route-schemas.ts `publicConfigResponseSchema`). */
export interface PublicConfig {
  tileUrl: string;
  tileAttribution: string;
  signedIn: boolean;
  tileKind: 'raster' | 'vector';
  tileMaxZoom: number;
  offlineMaps: boolean;
}

let pageConfigOnce: Promise<PublicConfig | null> | null = null;
let sessionEnded = false;

/**
 * GET /api/config, once per page load (null when it failed). It is the call every page makes first: it gives a
 * signed-out browser its reader cookie (docs/design.md, rule 15, docs/decisions/014-phone-round-2.md) and says whether a session exists.
 */
export function pageConfig(): Promise<PublicConfig | null> {
  pageConfigOnce ??= fetch(apiPath('publicConfig'), { credentials: 'include' }).then(
    async (res) => (res.ok ? ((await res.json()) as PublicConfig) : null),
    () => null,
  );
  return pageConfigOnce;
}

/**
 * Resolves once this browser has its reader cookie: a story read sent before it would be judged as the whole
 * address (a stranger's read elsewhere behind the same NAT could lock it).
 */
export function readerCookieReady(): Promise<void> {
  return pageConfig().then(() => undefined);
}

/**
 * Whether asking GET /api/user/current can answer anything but 401: a visitor's page never asks (Chromium logs
 * every 401 as a console error; docs/decisions/015-installable-offline-push.md, Lighthouse best practices). Unknown (config failed, e.g. offline
 * without a kept answer): ask.
 */
export async function mayHaveSession(): Promise<boolean> {
  if (sessionEnded) return false;
  return (await pageConfig())?.signedIn ?? true;
}

/** Sign-out and account deletion: this page has no session any more (signing in reloads the page). */
export function forgetSession(): void {
  sessionEnded = true;
}

/** Sends a request; throws ApiError on non-OK. Returns the Response so callers choose how to read it. Calls go by name through lib/api.ts. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  // Story reads carry the reader's position claim: as this browser, never as its address.
  if (url.startsWith('/api/stories')) await readerCookieReady();
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  // The server answers its messages in the interface's language (lib/i18n writes it on <html lang>), which the
  // reader may have chosen over the browser's.
  const headers: Record<string, string> = {
    'Accept-Language': (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en',
  };
  if (data !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
    ...init,
  });
  await throwIfNotOk(res);
  return res;
}

/** The message to show a person for a failed call: the server's own words when it sent some. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
