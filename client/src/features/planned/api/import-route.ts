/** POST /api/drafts/import: a GPX, KML or GeoJSON file's text becomes a planned tour (all or nothing). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

export function useImportRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: { fileName: string; text: string }) => callApi('importRoute', { body: file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.drafts.all }),
  });
}
