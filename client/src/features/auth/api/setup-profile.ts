import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SetupRequest } from '#common/schemas';
import { callApi } from '#client/lib/api';
import { invalidateStories, queryKeys } from '#client/lib/query-keys';

/** POST /api/user/setup: used by the wizard and by the profile's edit mode; answers the updated user. */
function setupProfile(data: SetupRequest): Promise<CurrentUser> {
  return callApi('setupProfile', { body: data });
}

export function useSetupProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupProfile,
    onSuccess: (user) => {
      // Show the new profile at once, then refresh the current user from the server (spec: "current user
      // refreshed"). Not awaited: the wizard moves on to / without waiting for the second round trip.
      queryClient.setQueryData(queryKeys.auth.currentUser, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.currentUser });
      // Stories carry the author's display name, which may just have changed.
      void invalidateStories(queryClient);
    },
  });
}
