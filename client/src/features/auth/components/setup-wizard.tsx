import { Check, Loader2, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';
import { paths } from '#client/config/paths';
import { errorMessage } from '#client/lib/api-client';
import { translate } from '#client/lib/i18n/i18n';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { useT } from '#client/lib/i18n/use-t';
import { cn } from '#client/lib/utils';
import { useSetupProfile } from '../api/setup-profile';
import { useProfileForm } from '../hooks/use-profile-form';
import { toSetupRequest, WIZARD_STEPS } from '../lib/profile-validation';
import { BioField, blockedClass, DisplayNameField, StoryTypeChoice, UsernameField } from './profile-fields';

const STEP_INTROS: readonly MessageId[] = ['auth.stepIntroIdentity', 'auth.stepIntroStory', 'auth.stepIntroMagic'];

/** Whether sign-up already gave both a username and a display name: the wizard then does not ask for them again. */
const identityGiven = (user: CurrentUser) => user.username !== '' && user.displayName !== '';

/**
 * The 3-step setup wizard (docs/design.md, parts 2 and 4): steps 1 → 3, back down to 1, "Next" blocked while the step
 * is invalid, submit only on step 3. On success: welcome toast, current user refreshed, go to /.
 */
export function SetupWizard({ user }: { user: CurrentUser }) {
  // Registration already took a username and a display name: the wizard opens on step 2 with step 1 done, and
  // Previous still leads back to change them (docs/decisions/051-walker-stumbles-fourth-round.md).
  const fromRegistration = identityGiven(user);
  const [step, setStep] = useState(fromRegistration ? 1 : 0);
  const [checking, setChecking] = useState(false);
  const [, navigate] = useLocation();
  const form = useProfileForm(user, 'setup');
  const setup = useSetupProfile();
  const t = useT();
  const current = WIZARD_STEPS[step]!;
  const isLast = step === WIZARD_STEPS.length - 1;
  const stepValid = form.isValid(current.fields);
  const busy = checking || setup.isPending;

  // Every step's primary button submits the form, so Enter works too; only the last step saves.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.attempt(current.fields)) return;
    if (step === 0) {
      setChecking(true);
      const free = await form.checkUsernameFree();
      setChecking(false);
      if (!free) return;
    }
    if (!isLast) {
      setStep(step + 1);
      return;
    }
    // mutateAsync, not mutate's callbacks: the refreshed user (now set up) swaps this wizard for the profile
    // view before the callbacks would run, and callbacks bound to an unmounted component never fire.
    try {
      await setup.mutateAsync(toSetupRequest(form.values));
    } catch (error) {
      form.showSetupError(error);
      toast({
        title: translate('auth.setupFailed'),
        description: errorMessage(error, translate('auth.somethingWrong')),
        variant: 'destructive',
      });
      if (form.values.username.trim().toLowerCase() !== user.username.toLowerCase()) setStep(0);
      return;
    }
    toast({
      title: translate('auth.welcomeToWhispers'),
      description: translate('auth.profileReady'),
      variant: 'success',
    });
    navigate(paths.home);
  }

  return (
    <div className="mx-auto w-full max-w-xl">
      <ol aria-label={t('auth.setupSteps')} className="mb-6 flex items-center gap-2">
        {WIZARD_STEPS.map((s, index) => (
          <li
            key={s.title}
            aria-current={index === step ? 'step' : undefined}
            className="flex flex-1 items-center gap-2 last:flex-none"
          >
            <span
              className={cn(
                'flex h-8 w-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
                index < step && 'border-glow-500 bg-glow-600 text-white',
                index === step && 'border-glow-300 bg-glow-600/25 text-mist-100 ring-2 ring-glow-500/40',
                index > step && 'border-night-600 text-mist-400',
              )}
            >
              {index < step ? <Check className="h-4 w-4" aria-hidden /> : index + 1}
            </span>
            {/* Titles read by screen readers everywhere, shown from tablet width up. */}
            <span
              className={cn(
                'sr-only whitespace-nowrap text-xs sm:not-sr-only',
                index === step ? 'text-mist-100' : 'text-mist-400',
              )}
            >
              {s.title}
              {index < step && <span className="sr-only"> {t('auth.stepDone')}</span>}
            </span>
            {index < WIZARD_STEPS.length - 1 && (
              <span className={cn('h-0.5 flex-1 rounded', index < step ? 'bg-glow-500' : 'bg-night-700')} aria-hidden />
            )}
          </li>
        ))}
      </ol>

      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-labelledby="setup-step-title"
        className="rounded-2xl border border-night-600 bg-night-900/85 p-5 shadow-2xl backdrop-blur sm:p-7"
      >
        <p className="text-xs font-semibold uppercase tracking-wider text-glow-300">
          {t('auth.stepOf', { step: step + 1, total: WIZARD_STEPS.length })}
        </p>
        <h1 id="setup-step-title" className="mt-1 font-display text-2xl font-semibold">
          {current.title}
        </h1>
        <p className="mt-1 text-sm text-mist-400">
          {t(step === 0 && fromRegistration ? 'auth.keptFromRegistration' : STEP_INTROS[step]!)}
        </p>
        {step === 1 && fromRegistration && (
          <p className="mt-2 break-words text-sm text-mist-300" data-testid="setup-identity">
            {t('auth.fromSignUp', {
              displayName: form.values.displayName.trim(),
              username: form.values.username.trim(),
            })}
          </p>
        )}

        <div className="mt-6 grid gap-5">
          {step === 0 && (
            <>
              <UsernameField props={form.fieldProps} autoFocus />
              <DisplayNameField props={form.fieldProps} />
            </>
          )}
          {step === 1 && <BioField props={form.fieldProps} autoFocus />}
          {step === 2 && <StoryTypeChoice props={form.fieldProps} labelledBy="setup-step-title" />}
        </div>

        <div className="mt-8 flex items-center justify-between gap-3">
          <Button type="button" variant="outline" disabled={step === 0 || busy} onClick={() => setStep(step - 1)}>
            {t('auth.previous')}
          </Button>
          {/* Distinct keys: the button React shows after "Next" must be a new element, never the same one re-typed. */}
          {isLast ? (
            <Button
              key="complete"
              type="submit"
              className={blockedClass}
              aria-disabled={!stepValid || busy || undefined}
            >
              {setup.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden />
                  {t('auth.creatingRealm')}
                </>
              ) : (
                <>
                  <Sparkles aria-hidden />
                  {t('auth.completeSetup')}
                </>
              )}
            </Button>
          ) : (
            <Button
              key={`next-${step}`}
              type="submit"
              className={blockedClass}
              aria-disabled={!stepValid || busy || undefined}
            >
              {checking ? t('auth.checking') : t('auth.next')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
