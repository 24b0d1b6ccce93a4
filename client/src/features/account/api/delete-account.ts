import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '#common/account-schemas';
import { callApi } from '#client/lib/api';
import { forgetSession } from '#client/lib/api-client';
import { forgetThisDevice } from '#client/lib/pwa/device-data';

/** DELETE /api/account { password }: the account and everything in it (403 when the password is wrong). */
function deleteAccount(body: DeleteAccountRequest): Promise<{ message: string }> {
  return callApi('deleteAccount', { body });
}

/**
 * On success every cached answer is dropped, in memory and on the device (the service worker's caches, the push
 * subscription): nothing of the deleted account stays on screen.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      forgetSession();
      queryClient.clear();
      await forgetThisDevice({ signedIn: false }).catch(() => undefined);
    },
  });
}
