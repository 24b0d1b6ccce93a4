import { Redirect } from 'wouter';
import { PageLoading } from '#client/components/layout/page-loading';
import { PageShell } from '#client/components/layout/page-shell';
import { paths } from '#client/config/paths';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { ProfileView } from '#client/features/auth/components/profile-view';
import { SetupWizard } from '#client/features/auth/components/setup-wizard';
import { AccountDataSection } from '#client/features/account/components/account-data-section';
import { BlocksSection } from '#client/features/moderation/components/blocks-section';
import { PushSection } from '#client/features/account/components/push-section';

/** /setup (docs/design.md, part 2): the wizard until the profile is set up, then the profile view/edit. */
export default function SetupPage() {
  const { data: user, isPending } = useCurrentUser();

  // A profile needs an account: signed-out visitors go to /auth first.
  if (!isPending && !user) return <Redirect to={paths.auth} replace />;

  return (
    <PageShell>
      <div className="pt-2 sm:pt-6">
        {isPending || !user ? (
          <PageLoading />
        ) : (
          <>
            {user.isSetupComplete ? <ProfileView user={user} /> : <SetupWizard user={user} />}
            {/* Account settings do not wait for the profile: blocked authors, notifications, the account's data. */}
            <div className="mx-auto w-full max-w-xl">
              <PushSection />
              <AccountDataSection />
              <BlocksSection />
            </div>
          </>
        )}
      </div>
    </PageShell>
  );
}
