import { DropdownMenu } from 'radix-ui';
import { Check, Download, LogOut, Settings, ShieldCheck, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { INTERFACE_LOCALES, isInterfaceLocale, LOCALE_NAMES } from '#common/locales';
import type { CurrentUser } from '#common/schemas';
import { paths } from '#client/config/paths';
import { useSignOut } from '#client/lib/auth/sign-out';
import { currentLocale } from '#client/lib/i18n/i18n';
import { distanceUnits, setDistanceUnits } from '#client/lib/i18n/format';
import { useChooseLanguage } from '#client/lib/i18n/use-choose-language';
import { useT } from '#client/lib/i18n/use-t';
import { iosInstallHint, promptInstall, useInstallOffer } from '#client/lib/pwa/install-offer';
import { UserAvatar } from '../ui/user-avatar';

// The highlighted item (the keyboard's focus) is outlined too: its background alone is too faint (WCAG 1.4.11).
const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm text-mist-100 outline-none data-[highlighted]:bg-night-700 data-[highlighted]:outline-solid data-[highlighted]:outline-2 data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-glow-300 data-[disabled]:opacity-50';

/**
 * "My Account" menu of a signed-in user: who is signed in, "Finish your profile" (while setup is not finished),
 * "Account Settings", "Moderation" (moderators and admins only) and "Sign Out".
 */
export default function AccountDropdown({ user }: { user: CurrentUser }) {
  const [, navigate] = useLocation();
  const signOut = useSignOut();
  const installOffer = useInstallOffer();
  const [showIosHint, setShowIosHint] = useState(false);
  const t = useT();
  const chooseLanguage = useChooseLanguage();
  const locale = currentLocale();

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger aria-label={t('shell.openAccountMenu')} className="relative rounded-full">
        <UserAvatar displayName={user.displayName} avatar={user.avatar} />
        {/* A small beacon: setup is still waiting. */}
        {!user.isSetupComplete && (
          <span
            className="absolute -right-0.5 -top-0.5 h-3 w-3 rounded-full border-2 border-night-950 bg-ember-400"
            aria-hidden
          />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-night-600 bg-night-900 p-1.5 shadow-2xl"
        >
          <DropdownMenu.Label className="px-2 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wider text-mist-400">
            {t('shell.myAccount')}
          </DropdownMenu.Label>
          <div className="px-2 pb-2">
            <p className="truncate font-medium text-mist-100">{user.displayName}</p>
            <p className="truncate text-sm text-mist-400">@{user.username}</p>
            {user.bio && <p className="mt-1 line-clamp-3 text-sm text-mist-300">{user.bio}</p>}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-night-700" />
          {!user.isSetupComplete && (
            <DropdownMenu.Item
              className={`${itemClass} font-semibold text-ember-400`}
              onSelect={() => navigate(paths.setup)}
            >
              <Sparkles className="h-4 w-4" aria-hidden />
              {t('shell.finishProfile')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.setup)}>
            <Settings className="h-4 w-4" aria-hidden />
            {t('shell.accountSettings')}
          </DropdownMenu.Item>
          {(user.role === 'moderator' || user.role === 'admin') && (
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.moderation)}>
              <ShieldCheck className="h-4 w-4" aria-hidden />
              {t('shell.moderation')}
            </DropdownMenu.Item>
          )}
          {installOffer && (
            <DropdownMenu.Item
              className={itemClass}
              onSelect={(event) => {
                if (installOffer === 'prompt') void promptInstall();
                else {
                  // Keep the menu open: the hint is shown in it.
                  event.preventDefault();
                  setShowIosHint(true);
                }
              }}
            >
              <Download className="h-4 w-4" aria-hidden />
              {t('shell.install')}
            </DropdownMenu.Item>
          )}
          {installOffer === 'ios-hint' && showIosHint && (
            <p role="note" className="px-2 pb-2 text-sm text-mist-300">
              {iosInstallHint()}
            </p>
          )}
          <DropdownMenu.Item className={itemClass} disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
            <LogOut className="h-4 w-4" aria-hidden />
            {t('shell.signOut')}
          </DropdownMenu.Item>
          {/* Last, so the account's own actions stay next to each other for arrow keys. */}
          <DropdownMenu.Separator className="my-1 h-px bg-night-700" />
          <DropdownMenu.Label id="account-language" className="px-2 pb-1 pt-1 text-xs text-mist-400">
            {t('shell.language')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby="account-language"
            value={locale}
            onValueChange={(value) => {
              if (isInterfaceLocale(value)) void chooseLanguage(value);
            }}
          >
            {INTERFACE_LOCALES.map((option) => (
              <DropdownMenu.RadioItem key={option} value={option} lang={option} className={itemClass}>
                <span className="flex h-4 w-4 items-center justify-center" aria-hidden>
                  <DropdownMenu.ItemIndicator>
                    <Check className="h-4 w-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {LOCALE_NAMES[option]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Label id="account-distances" className="px-2 pb-1 pt-2 text-xs text-mist-400">
            {t('shell.distances')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby="account-distances"
            value={distanceUnits()}
            onValueChange={(value) => setDistanceUnits(value === 'mi' ? 'mi' : 'km')}
          >
            {(['km', 'mi'] as const).map((option) => (
              <DropdownMenu.RadioItem key={option} value={option} className={itemClass}>
                <span className="flex h-4 w-4 items-center justify-center" aria-hidden>
                  <DropdownMenu.ItemIndicator>
                    <Check className="h-4 w-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {option === 'km' ? t('shell.kilometres') : t('shell.miles')}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
