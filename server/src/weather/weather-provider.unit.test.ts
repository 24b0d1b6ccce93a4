import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpWeatherProvider, weatherProviderFromConfig } from './weather-provider';
import { startWeatherStandIn, type WeatherStandIn } from './test-support/weather-stand-in';

describe('HTTP weather provider', () => {
  let standIn: WeatherStandIn;
  beforeAll(async () => {
    standIn = await startWeatherStandIn();
  });
  afterAll(async () => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.setCondition('rainy');
  });

  it('asks GET ?lat=&lng= and reads the condition', async () => {
    const provider = createHttpWeatherProvider({ url: standIn.url });
    expect(await provider.current(32.0835, -81.0998)).toBe('rainy');
    expect(standIn.requests[0]!.get('lat')).toBe('32.08');
    expect(standIn.requests[0]!.get('lng')).toBe('-81.10');
  });

  it('caches per ~1 km cell and shares one request between concurrent readers', async () => {
    const provider = createHttpWeatherProvider({ url: standIn.url });
    await Promise.all([provider.current(10.001, 20.001), provider.current(10.002, 20.002)]);
    expect(await provider.current(10.003, 19.998)).toBe('rainy');
    expect(standIn.requests).toHaveLength(1);
    await provider.current(11, 20);
    expect(standIn.requests).toHaveLength(2);
  });

  it('asks again after the cache time', async () => {
    const provider = createHttpWeatherProvider({ url: standIn.url, cacheTtlMs: 1 });
    await provider.current(1, 1);
    await new Promise((r) => setTimeout(r, 5));
    standIn.setCondition('stormy');
    expect(await provider.current(1, 1)).toBe('stormy');
    expect(standIn.requests).toHaveLength(2);
  });

  it('treats errors, unknown conditions and bad JSON as unknown (null) and does not cache them', async () => {
    const provider = createHttpWeatherProvider({ url: standIn.url });
    standIn.answer = { status: 500, body: '{}' };
    expect(await provider.current(2, 2)).toBeNull();
    standIn.setCondition('foggy');
    expect(await provider.current(2, 2)).toBeNull();
    standIn.answer = { status: 200, body: 'not json' };
    expect(await provider.current(2, 2)).toBeNull();
    standIn.setCondition('cloudy');
    expect(await provider.current(2, 2)).toBe('cloudy');
    expect(standIn.requests).toHaveLength(4);
  });

  it('gives up on a service that does not answer in time', async () => {
    const provider = createHttpWeatherProvider({ url: 'http://10.255.255.1:9/weather', timeoutMs: 50 });
    const started = Date.now();
    expect(await provider.current(3, 3)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('exists only when WEATHER_URL is configured', () => {
    expect(weatherProviderFromConfig({ weatherUrl: undefined })).toBeUndefined();
    expect(weatherProviderFromConfig({ weatherUrl: standIn.url })).toBeDefined();
  });
});
