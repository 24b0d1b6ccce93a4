import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '#client/components/ui/use-toast';
import { paths } from '#client/config/paths';
import { translate } from '#client/lib/i18n/i18n';
import { callApi } from '../api';
import { forgetSession } from '../api-client';
import { forgetThisDevice } from '../pwa/device-data';

/**
 * POST /api/logout: ends the session on the server. First this device stops getting the user's pushes and its
 * kept answers and media are deleted (docs/design.md, rule 16).
 */
async function logout(): Promise<void> {
  await forgetThisDevice({ signedIn: true }).catch(() => undefined);
  await callApi('logout');
  forgetSession();
}

/**
 * Sign out through the logout path (a full navigation: the server ends the session and redirects to /auth),
 * after this device forgot the user's pushes and kept answers.
 */
export async function signOutByNavigation(): Promise<void> {
  await forgetThisDevice({ signedIn: true }).catch(() => undefined);
  window.location.assign(paths.logout);
}

/**
 * Sign out from the account menu (docs/design.md, parts 4 and 8): whatever the server answers, every cached answer is
 * dropped (nothing of this user stays on screen) and the app goes to /auth; a failure also shows
 * "Sign Out Failed". The callbacks sit on the mutation itself, so they run even after the menu unmounts.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onError: () =>
      toast({
        title: translate('lib.signOutFailed'),
        description: translate('lib.somethingWentWrong'),
        variant: 'destructive',
      }),
    onSettled: () => {
      queryClient.clear();
      navigate(paths.auth);
    },
  });
}
