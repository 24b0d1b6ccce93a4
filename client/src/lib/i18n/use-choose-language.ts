import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { InterfaceLocale } from '#common/locales';
import type { CurrentUser } from '#common/schemas';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';
import { toast } from '#client/components/ui/use-toast';
import { chooseLocale, translate } from './i18n';

/**
 * The language switcher's action: the interface changes at once and this device remembers it; a signed-in user's
 * choice is saved to their account too, so the server's mails and pushes and their other devices follow it.
 */
export function useChooseLanguage(): (locale: InterfaceLocale) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (locale: InterfaceLocale) => {
      await chooseLocale(locale);
      const user = queryClient.getQueryData<CurrentUser | null>(queryKeys.auth.currentUser);
      if (!user || user.language === locale) return;
      try {
        queryClient.setQueryData(
          queryKeys.auth.currentUser,
          await callApi('setLanguage', { body: { language: locale } }),
        );
      } catch {
        toast({ title: translate('shell.languageSaveFailed') });
      }
    },
    [queryClient],
  );
}
