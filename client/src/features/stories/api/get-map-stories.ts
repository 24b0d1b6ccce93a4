import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DISCOVERY } from '#common/constants';
import type { BoundingBox } from '#common/route-schemas';
import type { Point as Location } from '#common/geo';
import { fromMarkerColumns } from '#common/map-markers';
import { callApi } from '#client/lib/api';
import { retryWhileOnline } from '#client/lib/query-client';
import { accuracyClaim, accuracyParam } from '#client/lib/location/claim-lock-text';
import { queryKeys } from '#client/lib/query-keys';
import type { ReaderClaim } from '#client/lib/stories/get-discoverable-stories';

/** Rounded to ~100 m so small pans reuse the cached answer instead of refetching. */
function bboxParam(box: BoundingBox): string {
  const r = (value: number) => Math.round(value * 1000) / 1000;
  return [r(box.west), r(box.south), r(box.east), r(box.north)].join(',');
}

/**
 * Stories inside the visible map area as markers (the lean answer as columns, docs/decisions/024-lean-map-answer.md
 * and 025): a marker's title and card come from the one-story read when it is opened. The reader's location makes the server add
 * distance and lock state.
 * The previous viewport's stories stay shown while the next ones load (no flicker while panning).
 */
function mapStoriesQuery(box: BoundingBox, reader: Location, claim: ReaderClaim = { known: true, accuracy: null }) {
  const bbox = bboxParam(box);
  // Without a known position the viewport is read without one: everything locked ("location").
  const where = claim.known
    ? `&lat=${reader.latitude}&lng=${reader.longitude}${claim.accuracy !== null ? `&${accuracyParam(claim.accuracy)}` : ''}`
    : '';
  const claimed = claim.known
    ? { lat: String(reader.latitude), lng: String(reader.longitude), accuracy: accuracyClaim(claim.accuracy) }
    : {};
  return queryOptions({
    queryKey: queryKeys.stories.map(bbox, reader, where),
    queryFn: async ({ signal }) =>
      fromMarkerColumns(await callApi('mapInBox', { query: { bbox, ...claimed }, signal })),
    retry: retryWhileOnline(DISCOVERY.mapRetries),
    placeholderData: keepPreviousData,
  });
}

export function useMapStories(box: BoundingBox | null, reader: Location, claim?: ReaderClaim) {
  return useQuery({
    ...mapStoriesQuery(box ?? { west: 0, south: 0, east: 0, north: 0 }, reader, claim),
    enabled: box !== null,
  });
}
