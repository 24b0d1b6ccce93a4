import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { Button } from '../ui/button';
import { ToastAction } from '../ui/lazy-toast';
import { toast } from '../ui/use-toast';
import { paths } from '#client/config/paths';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { translate } from '#client/lib/i18n/i18n';
import { useT } from '#client/lib/i18n/use-t';
import { takePendingToast } from '#client/lib/auth/pending-toast';
import { UserAvatar } from '../ui/user-avatar';

// The dropdown (Radix menu + popper) is only needed by signed-in users: keep it out of the initial bundle.
const AccountDropdown = lazy(() => import('./account-dropdown'));

/**
 * Account menu in the header: signed out → "Sign In" to /auth; signed in → an avatar with initials opening
 * "My Account" — always, so Sign Out, Account Settings, blocked authors and Moderation are never out of reach. While
 * the profile setup is not finished, the avatar carries a small beacon and the menu starts with "Finish your
 * profile".
 */
export function AccountMenu() {
  const { data: user, isPending } = useCurrentUser();
  const t = useT();

  // Sign-in and registration end with a full reload; their toast waits in sessionStorage for this page load.
  useEffect(() => {
    const pending = takePendingToast();
    if (!pending) return;
    toast({
      title: pending.title,
      description: pending.description,
      variant: pending.variant,
      action: pending.offerSetup ? (
        <ToastAction altText={translate('shell.setUpProfileAlt')} onClick={() => navigate(paths.setup)}>
          {translate('shell.setUpProfile')}
        </ToastAction>
      ) : undefined,
    });
  }, []);

  if (isPending) {
    // The size of the visitor's "Sign In" button (the usual first answer), so the header does not move when it comes.
    return <span className="h-9 w-[4.25rem] animate-pulse rounded-md bg-night-800" aria-hidden />;
  }

  if (!user) {
    return (
      <Button asChild size="sm" className="min-w-[4.25rem]">
        <Link href={paths.auth}>{t('shell.signIn')}</Link>
      </Button>
    );
  }

  return (
    <Suspense fallback={<UserAvatar displayName={user.displayName} avatar={user.avatar} />}>
      <AccountDropdown user={user} />
    </Suspense>
  );
}
