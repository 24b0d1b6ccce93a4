/**
 * Places without a third party (docs/decisions/040-offline-gazetteer.md): the place search ("Jump to a place")
 * and the name of the populated place nearest a story's published position ("near Savannah, Georgia"), both
 * from the offline gazetteer. No geocoding service is called.
 *
 * A place name is derived from the story's published position only (the point every reader of the story is sent
 * anyway), so it never tells more than that position does.
 */
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { Place } from '#common/place-schemas';
import type { Gazetteer } from './gazetteer';
import { createPlaceSearchIndex, normalisePlaceName, PLACE_RESULTS_MAX } from './place-search';

/** Beyond this from every populated place, a spot has no "near …" name (it would mislead more than help). */
const NEAR_PLACE_MAX_KM = 25;
/** Matches of the name part a qualified query ("Paris, Texas") chooses from. */
const QUALIFIED_CANDIDATES = 200;
/** Names remembered per position; cleared when full (stories are many, but reads repeat the same ones). */
const NAME_CACHE_MAX = 50_000;

export interface PlaceService {
  search(query: string): Place[];
  /** "Savannah, Georgia" for a point in Savannah; null when no populated place is within NEAR_PLACE_MAX_KM. */
  nameAt(point: { latitude: number; longitude: number }): string | null;
}

export function createPlaceService(gazetteer: Gazetteer): PlaceService {
  const index = createPlaceSearchIndex(gazetteer);
  const tree = new KDBush(gazetteer.count, 64, Float64Array);
  for (let place = 0; place < gazetteer.count; place++)
    tree.add(gazetteer.longitudes[place]!, gazetteer.latitudes[place]!);
  tree.finish();
  const names = new Map<string, string | null>();

  const placeOf = (place: number): Place => {
    const { region, country } = gazetteer.regions[gazetteer.regionOf[place]!]!;
    return {
      name: gazetteer.names[place]!,
      region,
      country,
      label: placeLabel(gazetteer.names[place]!, region, country),
      latitude: gazetteer.latitudes[place]!,
      longitude: gazetteer.longitudes[place]!,
    };
  };

  return {
    search(query) {
      // "Savannah, Georgia" / "Paris, France": the part after a comma picks among the name's matches by region or country.
      const comma = query.indexOf(',');
      const qualifier = comma < 0 ? '' : normalisePlaceName(query.slice(comma + 1));
      if (!qualifier) return index.search(comma < 0 ? query : query.slice(0, comma)).map(placeOf);
      return index
        .search(query.slice(0, comma), QUALIFIED_CANDIDATES)
        .map(placeOf)
        .filter(({ region, country }) =>
          [region, country].some((part) => part && normalisePlaceName(part).startsWith(qualifier)),
        )
        .slice(0, PLACE_RESULTS_MAX);
    },
    nameAt({ latitude, longitude }) {
      const key = `${latitude},${longitude}`;
      const known = names.get(key);
      if (known !== undefined) return known;
      const [nearest] = around(tree, longitude, latitude, 1, NEAR_PLACE_MAX_KM);
      const name = nearest === undefined ? null : placeOf(nearest).label;
      if (names.size >= NAME_CACHE_MAX) names.clear();
      names.set(key, name);
      return name;
    },
  };
}

/** "Savannah, Georgia"; the country where the region is unknown or only repeats the name ("Zürich, Switzerland"). */
function placeLabel(name: string, region: string | null, country: string): string {
  return `${name}, ${region && region !== name ? region : country}`;
}
