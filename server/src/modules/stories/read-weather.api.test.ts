import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetNorth } from '#common/geo';
import type { Story } from '#common/schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { startWeatherStandIn, type WeatherStandIn } from '../../weather/test-support/weather-stand-in';
import { insertStory } from './test-support/story-fixtures';

describe('weather locks with a WeatherProvider configured', () => {
  let t: TestApp;
  let standIn: WeatherStandIn;
  let author: TestUser;
  let reader: TestUser;
  const here = { latitude: 51.5074, longitude: -0.1278 };

  beforeAll(async () => {
    standIn = await startWeatherStandIn();
    t = await createTestApp({ WEATHER_URL: standIn.url });
    author = await createTestUser(t.database);
    reader = await createTestUser(t.database);
    await insertStory(t.database, {
      authorId: author.id,
      ...here,
      timeRestriction: 'weather',
      unlockWeather: 'rainy',
      content: 'wet',
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const discover = async (at = here, user = reader) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/stories/discoverable/${at.latitude}/${at.longitude}`,
        headers: { cookie: user.cookie },
      })
    ).json<Story[]>();

  it('locks a rainy-weather story while it is sunny, for everyone but its author', async () => {
    standIn.setCondition('sunny');
    const [story] = await discover();
    expect(story).toMatchObject({ isLocked: true, lockReason: 'weather' });
    expect(story).not.toHaveProperty('content');
    expect((await discover(here, author))[0]).toMatchObject({ isLocked: false, content: 'wet' });
  });

  it('does not ask for the weather when no weather-locked story is within reach', async () => {
    const before = standIn.requests.length;
    const [far] = await discover(offsetNorth(here, 300));
    expect(far).toMatchObject({ isLocked: true, lockReason: 'distance' });
    expect(standIn.requests.length).toBe(before);
  });

  it('fails closed: a provider error keeps the weather lock locked', async () => {
    const elsewhere = offsetNorth(here, 5_000);
    await insertStory(t.database, {
      authorId: author.id,
      ...elsewhere,
      timeRestriction: 'weather',
      unlockWeather: 'rainy',
      content: 'wet',
    });
    standIn.answer = { status: 500, body: 'provider down' };
    const before = standIn.requests.length;
    // A reader of their own: this one was just 5 km away, which the travel rule would refuse.
    const [story] = await discover(elsewhere, await createTestUser(t.database));
    expect(standIn.requests.length).toBe(before + 1);
    expect(story).toMatchObject({ isLocked: true, lockReason: 'weather' });
    expect(story).not.toHaveProperty('content');
  });
});

describe('weather locks when it rains', () => {
  let t: TestApp;
  let standIn: WeatherStandIn;
  beforeAll(async () => {
    standIn = await startWeatherStandIn();
    standIn.setCondition('rainy');
    t = await createTestApp({ WEATHER_URL: standIn.url });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('unlocks the story within reach', async () => {
    const author = await createTestUser(t.database);
    const here = { latitude: -41.2865, longitude: 174.7762 };
    await insertStory(t.database, {
      authorId: author.id,
      ...here,
      timeRestriction: 'weather',
      unlockWeather: 'rainy',
      content: 'wet',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stories/discoverable/${here.latitude}/${here.longitude}`,
    });
    expect(res.json<Story[]>()[0]).toMatchObject({ isLocked: false, lockReason: null, content: 'wet' });
    expect(standIn.requests).toHaveLength(1);
  });
});
