/** GET /api/tiles/tours/:id: the tiles to save with a tour for offline use and their size, asked before saving. */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

export function useTourMapTiles(id: string, enabled: boolean) {
  // A dense screen's map draws tiles one zoom deeper (lib/map-tiles.ts): those are the ones to save.
  const dense = window.devicePixelRatio > 1;
  return useQuery({
    queryKey: queryKeys.tours.mapTiles(id, dense),
    queryFn: ({ signal }) =>
      callApi('tourMapTiles', { params: { id }, query: { dense: dense ? 'true' : 'false' }, signal }),
    enabled,
    staleTime: Infinity,
  });
}
