import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CENTER, DISCOVERY, MAP_RADIUS_M } from '#common/constants';
import { offsetEast, offsetNorth } from '#common/geo';
import type { Story } from '#common/schemas';
import type { Point as Location } from '#common/geo';
import { queryKeys } from '#client/lib/query-keys';
import { callApi } from '#client/lib/api';
import { retryWhileOnline } from '#client/lib/query-client';

/**
 * The discovery screen's stories (docs/design.md, part 7 map call, retried 3 times): the nearest stories within the map
 * radius (at most MAP_RESULT_CAP), with the server's distance and lock for the reader.
 *
 * Without a known position the screen shows the area around the default centre, but that centre is not the
 * reader: the stories are asked for by area (no reader location), so the server treats the reader as unknown
 * and unlocks nothing (docs/design.md, rule 11); nearest the centre first.
 */
function defaultAreaBbox(): string {
  const north = offsetNorth(DEFAULT_CENTER, MAP_RADIUS_M).latitude;
  const south = offsetNorth(DEFAULT_CENTER, -MAP_RADIUS_M).latitude;
  const east = offsetEast(DEFAULT_CENTER, MAP_RADIUS_M).longitude;
  const west = offsetEast(DEFAULT_CENTER, -MAP_RADIUS_M).longitude;
  return [west, south, east, north].map((v) => v.toFixed(4)).join(',');
}

/** `language`: only stories in that language, filtered by the server (docs/decisions/061-stories-carry-their-language.md). */
function discoverStoriesQuery(reader: Location | null, language: string | null) {
  const lang = language ?? undefined;
  return queryOptions({
    queryKey: queryKeys.stories.discover(reader, language),
    // view=full: the list shows cards (description, author, likes), not only markers.
    queryFn: ({ signal }): Promise<Story[]> =>
      reader
        ? callApi('mapAround', {
            params: { lat: reader.latitude, lng: reader.longitude },
            query: { view: 'full', lang },
            signal,
          })
        : callApi('mapInBox', { query: { bbox: defaultAreaBbox(), view: 'full', lang }, signal }),
    retry: retryWhileOnline(DISCOVERY.mapRetries),
    // A reader who moves keeps seeing the last list while the new one loads; the default area's list is never
    // shown as if it were around a real position, nor another language's list as if it were this one's.
    placeholderData: (previous, previousQuery) =>
      reader && previousQuery?.queryKey[2] !== 'default-area' && previousQuery?.queryKey[3] === (language ?? 'any')
        ? previous
        : undefined,
  });
}

export function useDiscoverStories(reader: Location | null, enabled: boolean, language: string | null = null) {
  return useQuery({ ...discoverStoriesQuery(reader, language), enabled });
}
