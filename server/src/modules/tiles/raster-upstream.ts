/**
 * Fetches one raster tile from the tile server (`TILE_URL`) on the server's own behalf
 * (docs/decisions/037-tiles-through-whispers.md): a User-Agent naming this deployment and a contact, nothing of the
 * reader (no cookie, address or Referer: the request is built here, not forwarded), a bounded number of requests
 * at once, and a time limit that covers waiting for a turn as well as the fetch.
 */

interface UpstreamTile {
  bytes: Buffer;
  contentType: string;
  /** How long the tile server said the tile stays fresh, in ms; 0 when it may not be stored at all. */
  freshForMs: number;
  storable: boolean;
}

/** A tile the tile server does not have (its 404): not an outage. */
export class UpstreamMissing extends Error {}
/** The tile server could not answer in time or answered with an error: an outage. */
class UpstreamUnavailable extends Error {}

export interface RasterUpstream {
  fetch(z: number, x: number, y: number): Promise<UpstreamTile>;
}

/** A tile larger than this is not a map tile. */
const MAX_TILE_BYTES = 2 * 1024 * 1024;
/** When the tile server says nothing about freshness. */
const DEFAULT_FRESH_MS = 7 * 24 * 3600 * 1000;

export function userAgentFor(options: { publicUrl: string | undefined; contact: string | undefined }): string {
  const about = [options.publicUrl, options.contact].filter(Boolean).join('; ');
  return `Whispers tile cache${about ? ` (+${about})` : ''}`;
}

/** How long a tile stays fresh by its answer's Cache-Control (max-age, s-maxage) or Expires. */
function freshnessOf(headers: Headers, now: number): { freshForMs: number; storable: boolean } {
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|,)\s*(no-store|private)\b/.test(cacheControl)) return { freshForMs: 0, storable: false };
  if (/(^|,)\s*no-cache\b/.test(cacheControl)) return { freshForMs: 0, storable: true };
  const maxAge = /(?:^|,)\s*s-maxage=(\d+)/.exec(cacheControl) ?? /(?:^|,)\s*max-age=(\d+)/.exec(cacheControl);
  if (maxAge) {
    const age = Number(headers.get('age') ?? 0) || 0;
    return { freshForMs: Math.max(0, Number(maxAge[1]) - age) * 1000, storable: true };
  }
  const expires = Date.parse(headers.get('expires') ?? '');
  if (Number.isFinite(expires)) return { freshForMs: Math.max(0, expires - now), storable: true };
  return { freshForMs: DEFAULT_FRESH_MS, storable: true };
}

/** At most `limit` holders at once; a waiter gives up when its signal aborts. */
function createSlots(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async take(signal: AbortSignal): Promise<() => void> {
      if (active >= limit) {
        await new Promise<void>((resolve, reject) => {
          const onAbort = () => {
            const at = waiting.indexOf(resolve);
            if (at >= 0) waiting.splice(at, 1);
            reject(new UpstreamUnavailable('No turn to ask the tile server in time'));
          };
          if (signal.aborted) return onAbort();
          signal.addEventListener('abort', onAbort, { once: true });
          waiting.push(() => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          });
        });
      }
      active += 1;
      return () => {
        active -= 1;
        waiting.shift()?.();
      };
    },
  };
}

export function createRasterUpstream(options: {
  template: string;
  userAgent: string;
  concurrency: number;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
}): RasterUpstream {
  const slots = createSlots(options.concurrency);
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const urlOf = (z: number, x: number, y: number) =>
    options.template
      .replace(/\{s\}/g, 'abc'[(x + y) % 3]!)
      .replace(/\{z\}/g, String(z))
      .replace(/\{x\}/g, String(x))
      .replace(/\{y\}/g, String(y))
      .replace(/\{-y\}/g, String(2 ** z - 1 - y))
      .replace(/\{r\}/g, '');

  return {
    async fetch(z, x, y) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      const release = await slots.take(signal);
      try {
        let response: Response;
        try {
          response = await fetchImpl(urlOf(z, x, y), {
            headers: { 'user-agent': options.userAgent, accept: 'image/png,image/*;q=0.9' },
            redirect: 'follow',
            signal,
          });
        } catch (error) {
          throw new UpstreamUnavailable(`The tile server did not answer: ${(error as Error).message}`);
        }
        if (response.status === 404) {
          await response.body?.cancel();
          throw new UpstreamMissing('The tile server has no such tile');
        }
        const contentType = response.headers.get('content-type') ?? '';
        if (!response.ok || !contentType.startsWith('image/')) {
          await response.body?.cancel();
          throw new UpstreamUnavailable(`The tile server answered ${response.status} ${contentType}`);
        }
        let bytes: Buffer;
        try {
          bytes = Buffer.from(await response.arrayBuffer());
        } catch (error) {
          throw new UpstreamUnavailable(`The tile's bytes did not arrive: ${(error as Error).message}`);
        }
        if (bytes.length === 0 || bytes.length > MAX_TILE_BYTES)
          throw new UpstreamUnavailable('The tile server sent no tile');
        return { bytes, contentType: contentType.split(';')[0]!.trim(), ...freshnessOf(response.headers, now()) };
      } finally {
        release();
      }
    },
  };
}
