/**
 * Places through the real app: GET /api/places (public, validated, bounded, rate limited) and the `placeName` of
 * story and tour answers and share pages — the populated place nearest the story's published position, never
 * the reader's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { placeSchema, PLACE_MESSAGES, PLACE_QUERY_MAX } from '#common/place-schemas';
import { storySchema } from '#common/schemas';
import { tourSchema } from '#common/tour-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from '../stories/test-support/story-fixtures';

const SAVANNAH = { latitude: 32.0835, longitude: -81.0998 };
const SAO_PAULO = { latitude: -23.5475, longitude: -46.63611 };
const MID_ATLANTIC = { latitude: 0, longitude: -30 };

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-places-client-'));
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html><head><title>Whispers</title></head><body></body></html>',
);

describe('GET /api/places', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(async () => t.close());
  const search = (q: string) => t.app.inject({ method: 'GET', url: `/api/places?q=${encodeURIComponent(q)}` });

  it('answers at most ten towns, typos tolerated, best first, to anyone', async () => {
    const response = await search('savanah');
    expect(response.statusCode).toBe(200);
    const places = z.array(placeSchema).parse(response.json());
    expect(places.length).toBeGreaterThan(0);
    expect(places.length).toBeLessThanOrEqual(10);
    expect(places[0]).toMatchObject({
      name: 'Savannah',
      region: 'Georgia',
      country: 'United States',
      label: 'Savannah, Georgia',
    });
    expect(places[0]!.latitude).toBeCloseTo(32.08, 1);
    expect((await search('s')).json()).toHaveLength(10);
    expect((await search('sao paulo')).json()[0]).toMatchObject({ name: 'São Paulo', country: 'Brazil' });
  });

  it('refuses a missing, blank or over-long query with a 400 and a message', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/places' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(PLACE_MESSAGES.queryRequired);
    const blank = await search('   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(PLACE_MESSAGES.queryRequired);
    const long = await search('a'.repeat(PLACE_QUERY_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(PLACE_MESSAGES.queryTooLong);
    // At the bound: answered (nothing is that long), quickly.
    const atBound = await search('savannah '.repeat(20).slice(0, PLACE_QUERY_MAX));
    expect(atBound.statusCode).toBe(200);
    const repeated = await t.app.inject({ method: 'GET', url: '/api/places?q=paris&q=rome' });
    expect(repeated.statusCode).toBe(400);
  });
});

describe('GET /api/places rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 429 past 120 searches a minute from one address', async () => {
    const statuses: number[] = [];
    for (let at = 0; at < 121; at++) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/places?q=lon', remoteAddress: '203.0.113.7' })).statusCode,
      );
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    const other = await t.app.inject({ method: 'GET', url: '/api/places?q=lon', remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(200);
  });
});

describe('place names in answers', () => {
  let t: TestApp;
  let author: TestUser;
  let inSavannah: string;
  let atSea: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { clientDir });
    author = await createTestUser(t.database, { displayName: 'Placed Author' });
    inSavannah = (await insertStory(t.database, { authorId: author.id, ...SAVANNAH, title: 'By the river' })).id;
    atSea = (await insertStory(t.database, { authorId: author.id, ...MID_ATLANTIC, title: 'Out at sea' })).id;
  });
  afterAll(async () => t.close());

  const story = async (id: string, reader: { latitude: number; longitude: number }) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/stories/${id}?lat=${reader.latitude}&lng=${reader.longitude}`,
    });
    expect(response.statusCode).toBe(200);
    return storySchema.parse(response.json());
  };

  it("names the place nearest the story's published position, wherever the reader is", async () => {
    // Read from São Paulo: the name is Savannah's, the story's own place, never the reader's.
    expect((await story(inSavannah, SAO_PAULO)).placeName).toBe('Savannah, Georgia');
    expect((await story(inSavannah, SAVANNAH)).placeName).toBe('Savannah, Georgia');
    const nearby = await t.app.inject({
      method: 'GET',
      url: `/api/stories/discoverable/${SAVANNAH.latitude}/${SAVANNAH.longitude}`,
    });
    const cards = z.array(storySchema).parse(nearby.json());
    expect(cards.find((card) => card.id === inSavannah)?.placeName).toBe('Savannah, Georgia');
  });

  it('gives no name where no town is within 25 km', async () => {
    expect((await story(atSea, SAVANNAH)).placeName).toBeUndefined();
  });

  it('says the place on the share page and on a tour', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/stories/${inSavannah}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('near Savannah, Georgia');
    const second = await insertStory(t.database, {
      authorId: author.id,
      latitude: SAVANNAH.latitude + 0.002,
      longitude: SAVANNAH.longitude,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: { cookie: author.cookie },
      payload: { title: 'River walk', storyIds: [inSavannah, second.id] },
    });
    expect(created.statusCode).toBe(201);
    expect(tourSchema.parse(created.json()).placeName).toBe('Savannah, Georgia');
    const tourPage = await t.app.inject({ method: 'GET', url: `/tours/${created.json().id}` });
    expect(tourPage.body).toContain('near Savannah, Georgia');
  });
});
