/**
 * Current weather for weather-locked stories (docs/design.md, rule 4). With WEATHER_URL configured the app asks an
 * HTTP service; without one there is no provider and weather locks are reported but not enforced.
 *
 * Contract of the HTTP service: `GET {WEATHER_URL}?lat=<latitude>&lng=<longitude>` answers
 * `{ "condition": "sunny" | "rainy" | "cloudy" | "stormy" }`. Answers are cached per ~1 km cell for a few
 * minutes; a slow, failing or malformed answer counts as unknown (the lock is then not enforced).
 */
import { WEATHERS, type Weather } from '#common/schemas';

export interface WeatherProvider {
  /** The weather now at a place, or null when it cannot be known. */
  current(latitude: number, longitude: number): Promise<Weather | null>;
}

export interface HttpWeatherOptions {
  url: string;
  cacheTtlMs?: number;
  timeoutMs?: number;
  /** Cached cells kept at most (oldest dropped first). */
  maxEntries?: number;
  fetch?: typeof fetch;
}

const WEATHER_CACHE_TTL_MS = 5 * 60_000;

export function createHttpWeatherProvider(options: HttpWeatherOptions): WeatherProvider {
  const ttl = options.cacheTtlMs ?? WEATHER_CACHE_TTL_MS;
  const timeoutMs = options.timeoutMs ?? 2_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  // Value is a promise so concurrent readers in one cell share one request.
  const cache = new Map<string, { expires: number; value: Promise<Weather | null> }>();

  async function load(latitude: number, longitude: number): Promise<Weather | null> {
    try {
      const url = new URL(options.url);
      url.searchParams.set('lat', latitude.toFixed(2));
      url.searchParams.set('lng', longitude.toFixed(2));
      const response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return null;
      const body = (await response.json()) as { condition?: unknown };
      return (WEATHERS as readonly unknown[]).includes(body.condition) ? (body.condition as Weather) : null;
    } catch {
      return null;
    }
  }

  return {
    current(latitude, longitude) {
      // Two decimals is about a kilometre: weather does not change within it.
      const key = `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
      const value = load(latitude, longitude);
      cache.set(key, { expires: now + ttl, value });
      // A failed lookup is retried sooner than a good one.
      void value.then((weather) => {
        if (weather === null && cache.get(key)?.value === value) cache.delete(key);
      });
      return value;
    },
  };
}

/** The configured provider, or undefined when WEATHER_URL is not set. */
export function weatherProviderFromConfig(config: { weatherUrl: string | undefined }): WeatherProvider | undefined {
  return config.weatherUrl ? createHttpWeatherProvider({ url: config.weatherUrl }) : undefined;
}
