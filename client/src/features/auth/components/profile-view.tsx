import { ArrowLeft, LogOut, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';
import { paths } from '#client/config/paths';
import { signOutByNavigation } from '#client/lib/auth/sign-out';
import { errorMessage } from '#client/lib/api-client';
import { translate } from '#client/lib/i18n/i18n';
import { useT } from '#client/lib/i18n/use-t';
import { useSetupProfile } from '../api/setup-profile';
import { useProfileForm } from '../hooks/use-profile-form';
import { PROFILE_FIELDS, storyTypeLabel, toSetupRequest } from '../lib/profile-validation';
import { BioField, blockedClass, DisplayNameField, StoryTypeChoice, UsernameField } from './profile-fields';
import { UserAvatar } from '#client/components/ui/user-avatar';

/** /setup once set up (docs/design.md, part 2): the read-only profile, "Edit Profile", "Sign Out" and a back link. */
export function ProfileView({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const t = useT();

  return (
    <div className="mx-auto w-full max-w-xl">
      <Link
        href={paths.home}
        className="mb-4 inline-flex w-fit items-center gap-1.5 rounded-md py-1 text-sm text-mist-300 hover:text-mist-100"
      >
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        {t('auth.backToMap')}
      </Link>

      {editing ? (
        <ProfileEditForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <section
          aria-labelledby="profile-title"
          className="rounded-2xl border border-night-600 bg-night-900/85 p-5 shadow-2xl backdrop-blur sm:p-7"
        >
          <h1 id="profile-title" className="sr-only">
            {t('auth.yourProfile')}
          </h1>
          <div className="flex items-center gap-4">
            <UserAvatar displayName={user.displayName} avatar={user.avatar} size="lg" />
            <div className="min-w-0">
              <p className="truncate font-display text-2xl font-semibold">{user.displayName}</p>
              <p className="truncate text-mist-400">@{user.username}</p>
            </div>
          </div>

          <dl className="mt-6 grid gap-4">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wider text-mist-400">{t('auth.bio')}</dt>
              <dd className="mt-1 whitespace-pre-line break-words text-mist-100">
                {user.bio || <span className="text-mist-400">{t('auth.noBio')}</span>}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wider text-mist-400">{t('auth.favoriteType')}</dt>
              <dd className="mt-1 text-mist-100">
                {storyTypeLabel(user.favoriteStoryType) ?? (
                  <span className="text-mist-400">{t('auth.noPreference')}</span>
                )}
              </dd>
            </div>
          </dl>

          <div className="mt-8 flex flex-col gap-2 sm:flex-row">
            <Button type="button" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              {t('auth.editProfile')}
            </Button>
            {/* The browser goes to the logout path: the server ends the session and redirects to /auth. */}
            <Button type="button" variant="outline" onClick={() => void signOutByNavigation()}>
              <LogOut aria-hidden />
              {t('auth.signOut')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

/** Edit mode: the wizard's fields and rules on one form, saved through POST /api/user/setup. */
function ProfileEditForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const form = useProfileForm(user, 'profile');
  const save = useSetupProfile();
  const [checking, setChecking] = useState(false);
  const busy = checking || save.isPending;
  const valid = form.isValid(PROFILE_FIELDS);
  const t = useT();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.attempt(PROFILE_FIELDS)) return;
    setChecking(true);
    const free = await form.checkUsernameFree();
    setChecking(false);
    if (!free) return;
    try {
      await save.mutateAsync(toSetupRequest(form.values));
    } catch (error) {
      form.showSetupError(error);
      toast({
        title: translate('auth.setupFailed'),
        description: errorMessage(error, translate('auth.somethingWrong')),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: translate('auth.profileUpdated'), description: translate('auth.changesSaved'), variant: 'success' });
    onDone();
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="profile-edit-title"
      className="rounded-2xl border border-night-600 bg-night-900/85 p-5 shadow-2xl backdrop-blur sm:p-7"
    >
      <h1 id="profile-edit-title" className="font-display text-2xl font-semibold">
        {t('auth.editProfile')}
      </h1>
      <div className="mt-6 grid gap-5">
        <UsernameField props={form.fieldProps} autoFocus />
        <DisplayNameField props={form.fieldProps} />
        <BioField props={form.fieldProps} />
        <fieldset className="grid gap-2">
          <legend id="profile-type-legend" className="mb-2 text-sm font-medium text-mist-300">
            {t('auth.favoriteType')} <span className="font-normal text-mist-400">{t('auth.optional')}</span>
          </legend>
          <StoryTypeChoice props={form.fieldProps} labelledBy="profile-type-legend" />
        </fieldset>
      </div>
      <div className="mt-8 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={save.isPending} onClick={onDone}>
          {t('auth.cancel')}
        </Button>
        <Button type="submit" className={blockedClass} aria-disabled={!valid || busy || undefined}>
          {save.isPending ? t('auth.saving') : checking ? t('auth.checking') : t('auth.saveChanges')}
        </Button>
      </div>
    </form>
  );
}
