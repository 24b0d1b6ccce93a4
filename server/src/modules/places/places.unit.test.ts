/** The place search's matching and ranking, and the "near …" name, on small gazetteers and on the real one. */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGazetteer, loadGazetteer, placeRecord } from './gazetteer';
import { createPrefixDistance, normalisePlaceName, typosAllowed } from './place-search';
import { createPlaceService, type PlaceService } from './place-service';

const place = (name: string, population: number, latitude = 0, longitude = 0, country = 'US', admin = 'GA') =>
  placeRecord({ name, population, latitude, longitude, country, admin });

const small = createPlaceService(
  buildGazetteer([
    place('Savannah', 145_674, 32.08354, -81.09983),
    place('Savannah', 7_027, 35.2248, -88.2492, 'US', 'TN'),
    place('Savanna', 2_900, 42.09, -90.16, 'US', 'IL'),
    place('Sandersville', 5_900, 32.98, -82.81),
    place('Port Wentworth', 9_000, 32.15, -81.16),
    place('Claxton', 2_300, 32.16, -81.9),
    place('São Paulo', 10_021_295, -23.5475, -46.63611, 'BR', '27'),
    place('Saint-Étienne', 172_565, 45.43, 4.39, 'FR', '84'),
    place('West Savannah Heights', 500_000, 10, 10),
    place('Zürich', 341_730, 47.36667, 8.55, 'CH', 'ZH'),
  ]),
);
const labels = (service: PlaceService, query: string) => service.search(query).map((found) => found.label);

describe('normalisePlaceName', () => {
  it('drops diacritics, case and punctuation', () => {
    expect(normalisePlaceName('São Paulo')).toBe('sao paulo');
    expect(normalisePlaceName('Saint-Étienne')).toBe('saint etienne');
    expect(normalisePlaceName('  Straßburg ')).toBe('strassburg');
    expect(normalisePlaceName("Coeur d'Alene")).toBe('coeur dalene');
  });
});

describe('prefix distance', () => {
  const distance = createPrefixDistance(64);
  const of = (query: string, name: string, limit: number) => distance(query, name, 0, name.length, limit);
  it('measures the query against the best beginning of the name', () => {
    expect(of('sav', 'savannah', 0)).toBe(0);
    expect(of('savanah', 'savannah', 1)).toBe(1);
    expect(of('svaannah', 'savannah', 1)).toBe(1); // two neighbours swapped: one edit
    expect(of('xavannah', 'savannah', 2)).toBe(1);
    expect(of('sbx', 'savannah', 0)).toBe(1); // over the limit: limit + 1
    expect(of('savxnnxh', 'savannah', 1)).toBe(2);
  });
  it('allows no typo under four letters, one under nine, two from nine', () => {
    expect([1, 3, 4, 8, 9, 20].map(typosAllowed)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('place search', () => {
  it('finds names by their beginning as typed, the most populous first', () => {
    expect(labels(small, 'sav')).toEqual([
      'Savannah, Georgia',
      'Savannah, Tennessee',
      'Savanna, Illinois',
      'West Savannah Heights, Georgia',
    ]);
  });

  it('ranks a name that starts with the query before one where a later word does, whatever their population', () => {
    const found = labels(small, 'savannah');
    expect(found.indexOf('Savannah, Georgia')).toBeLessThan(found.indexOf('West Savannah Heights, Georgia'));
    expect(labels(small, 'heights')).toEqual(['West Savannah Heights, Georgia']);
  });

  it('tolerates typos: exact beginnings first, then one typo, never more than allowed', () => {
    expect(labels(small, 'savanah')[0]).toBe('Savannah, Georgia');
    expect(labels(small, 'clxaton')).toEqual(['Claxton, Georgia']);
    expect(labels(small, 'cla')).toEqual(['Claxton, Georgia']);
    expect(labels(small, 'clz')).toEqual([]); // 3 letters: no typo allowed
    expect(labels(small, 'qqqqqqqq')).toEqual([]);
  });

  it('reads accents as optional on either side', () => {
    expect(labels(small, 'sao paulo')).toEqual(['São Paulo, Brazil']);
    expect(labels(small, 'SÃO PAULO')).toEqual(['São Paulo, Brazil']);
    expect(labels(small, 'saint etienne')).toEqual(['Saint-Étienne, Auvergne-Rhône-Alpes']);
    expect(labels(small, 'zurich')).toEqual(['Zürich, Switzerland']); // the canton only repeats the name
  });

  it('picks by region or country after a comma, and answers nothing for an empty query', () => {
    expect(labels(small, 'savannah, tenn')).toEqual(['Savannah, Tennessee']);
    expect(labels(small, 'sao paulo, brazil')).toEqual(['São Paulo, Brazil']);
    expect(labels(small, '   ')).toEqual([]);
    expect(labels(small, ', georgia')).toEqual([]);
  });

  it('answers at most ten places', () => {
    const many = createPlaceService(
      buildGazetteer(Array.from({ length: 30 }, (_, at) => place(`Springfield ${at}`, 1000 + at))),
    );
    const found = many.search('spring');
    expect(found).toHaveLength(10);
    expect(found[0]!.name).toBe('Springfield 29');
  });
});

describe('the place nearest a story', () => {
  it('names the nearest populated place with its region', () => {
    expect(small.nameAt({ latitude: 32.0835, longitude: -81.0998 })).toBe('Savannah, Georgia');
    expect(small.nameAt({ latitude: 32.17, longitude: -81.88 })).toBe('Claxton, Georgia');
    expect(small.nameAt({ latitude: -23.55, longitude: -46.64 })).toBe('São Paulo, Brazil');
  });

  it('gives no name where no populated place is within 25 km', () => {
    expect(small.nameAt({ latitude: 32.0835, longitude: -80.6 })).toBeNull(); // about 47 km off Savannah, at sea
    expect(small.nameAt({ latitude: 32.0835, longitude: -80.9 })).toBe('Savannah, Georgia'); // about 19 km
  });
});

describe('the shipped gazetteer', () => {
  let places: PlaceService;
  beforeAll(() => {
    places = createPlaceService(loadGazetteer());
  }, 60_000);

  it('holds the GeoNames towns and cities of 1,000+ people', () => {
    expect(loadGazetteer().count).toBeGreaterThan(125_000);
  });

  it('finds Savannah through a typo and São Paulo without its accent', () => {
    expect(places.search('savanah')[0]).toMatchObject({
      name: 'Savannah',
      region: 'Georgia',
      country: 'United States',
    });
    expect(places.search('sao paulo')[0]).toMatchObject({ name: 'São Paulo', region: 'São Paulo', country: 'Brazil' });
    expect(places.search('lond')[0]!.label).toBe('London, England');
    expect(places.search('paris')[0]!.label).toBe('Paris, Île-de-France');
  });

  it('names the spec default centre and the /discover card example', () => {
    expect(places.nameAt({ latitude: 32.0835, longitude: -81.0998 })).toBe('Savannah, Georgia');
    expect(places.nameAt({ latitude: 32.1855, longitude: -82.029 })).toBe('Claxton, Georgia');
    expect(places.nameAt({ latitude: 0, longitude: -30 })).toBeNull(); // mid-Atlantic
  });
});
