/** Walking tours over the API (docs/decisions/016-walk-mode-and-tours.md): read one, those near the reader, the author's own; create, delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Point as Location } from '#common/geo';
import type { CreateTourRequest } from '#common/tour-schemas';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

export function useTour(id: string) {
  return useQuery({
    queryKey: queryKeys.tours.detail(id),
    queryFn: ({ signal }) => callApi('tour', { params: { id }, signal }),
  });
}

/** The first page of tours with a stop within 5 km of the reader. */
export function useToursNear(reader: Location | null) {
  return useQuery({
    queryKey: reader ? queryKeys.tours.near(reader) : ['tours', 'near', 'none'],
    queryFn: ({ signal }) =>
      callApi('toursNear', { params: { lat: reader!.latitude, lng: reader!.longitude }, signal }),
    enabled: reader !== null,
  });
}

export function useMyTours(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.tours.mine, queryFn: ({ signal }) => callApi('myTours', { signal }), enabled });
}

export function useCreateTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateTourRequest) => callApi('createTour', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tours.all }),
  });
}

export function useDeleteTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('deleteTour', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tours.all }),
  });
}
