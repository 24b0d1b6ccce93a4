import { ArrowLeft } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Link } from 'wouter';
import type { CurrentUser } from '#common/schemas';
import { PageLoading } from '#client/components/layout/page-loading';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { signOutByNavigation } from '#client/lib/auth/sign-out';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { useT } from '#client/lib/i18n/use-t';
import { LoginForm } from '#client/features/auth/components/login-form';
import { RegisterForm } from '#client/features/auth/components/register-form';

const tabClass =
  'flex-1 rounded-lg px-3 py-2 text-sm font-medium text-mist-300 transition-colors hover:text-mist-100 data-[state=active]:bg-night-700 data-[state=active]:text-mist-100 data-[state=active]:shadow';

/** /auth (docs/design.md, part 2): "Login" and "Create Account" tabs, and the way back to the map. */
export default function AuthPage() {
  const { data: user, isPending } = useCurrentUser();
  const t = useT();

  return (
    <div className="flex min-h-dvh flex-col">
      <main
        id="main"
        className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 pb-12 pt-4 sm:justify-center sm:pt-8"
      >
        <Link
          href={paths.home}
          className="inline-flex w-fit items-center gap-1.5 rounded-md py-1 text-sm text-mist-300 hover:text-mist-100"
        >
          <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {t('app.backToMapTitle')}
        </Link>

        <div className="mb-6 mt-6 flex flex-col items-center text-center">
          <img src="/favicon.svg" alt="" className="h-14 w-14 drop-shadow-[0_0_18px_rgb(139_92_246/0.55)]" />
          <h1 className="mt-3 font-display text-3xl font-semibold tracking-wide">{t('app.appName')}</h1>
          <p className="mt-1 text-sm text-mist-400">{t('app.tagline')}</p>
        </div>

        {isPending ? (
          <PageLoading />
        ) : user ? (
          <AlreadySignedIn user={user} />
        ) : (
          <Tabs.Root
            defaultValue="login"
            className="rounded-2xl border border-night-600 bg-night-900/85 p-5 shadow-2xl backdrop-blur"
          >
            <Tabs.List aria-label={t('app.authTabs')} className="mb-5 flex gap-1 rounded-xl bg-night-950/70 p-1">
              <Tabs.Trigger value="login" className={tabClass}>
                {t('app.loginTab')}
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className={tabClass}>
                {t('app.createAccountTab')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login" className="rounded-lg">
              <LoginForm />
            </Tabs.Content>
            <Tabs.Content value="register" className="rounded-lg">
              <RegisterForm />
            </Tabs.Content>
          </Tabs.Root>
        )}

        <p className="mt-6 text-center text-xs text-mist-400">{t('app.authFooter')}</p>
      </main>
    </div>
  );
}

/**
 * Signed in already (e.g. a sign-out whose request failed, or a bookmarked /auth): say so rather than bounce
 * away, and point an unfinished profile to /setup.
 */
function AlreadySignedIn({ user }: { user: CurrentUser }) {
  const t = useT();
  return (
    <section
      aria-labelledby="signed-in-title"
      className="rounded-2xl border border-night-600 bg-night-900/85 p-5 text-center shadow-2xl backdrop-blur"
    >
      <h2 id="signed-in-title" className="font-display text-xl font-semibold">
        {t('app.alreadySignedIn')}
      </h2>
      <p className="mt-1 text-sm text-mist-400">
        {t('app.signedInAs', { name: user.displayName, username: user.username })}
      </p>
      <div className="mt-5 grid gap-2">
        {user.isSetupComplete ? (
          <Button asChild>
            <Link href={paths.home}>{t('app.continueToMap')}</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link href={paths.setup}>{t('app.setUpProfile')}</Link>
          </Button>
        )}
        {/* The logout path ends the session on the server and comes back here. */}
        <Button variant="outline" onClick={() => void signOutByNavigation()}>
          {t('app.signOut')}
        </Button>
      </div>
    </section>
  );
}
