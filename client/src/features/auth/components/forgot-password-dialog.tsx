import { useState, type FormEvent } from 'react';
import { LIMITS } from '#common/constants';
import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { ApiError, errorMessage } from '#client/lib/api-client';
import { queueToastAfterReload } from '#client/lib/auth/pending-toast';
import { checkWithSchema } from '#client/lib/schema-field-errors';
import { translate } from '#client/lib/i18n/i18n';
import { Message, useT } from '#client/lib/i18n/use-t';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { PasswordInput } from './password-input';

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whatever the login form's username field holds when the dialog opens. */
  initialUsername: string;
}

/**
 * Forgot-password dialog (docs/design.md, part 2, docs/design.md, rule 5): step 1 asks for the username and makes the
 * server mail a single-use code; step 2 takes that code with the new password and its confirmation, and a
 * success reloads into the app signed in (the server's new session).
 */
export function ForgotPasswordDialog({ open, onOpenChange, initialUsername }: ForgotPasswordDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('auth.resetTitle')} className="max-w-md">
        {/* Radix unmounts the content when closed, so every opening starts again at step 1 ("Cancel" resets). */}
        <ResetSteps initialUsername={initialUsername.trim()} />
      </DialogContent>
    </Dialog>
  );
}

function ResetSteps({ initialUsername }: { initialUsername: string }) {
  const [step, setStep] = useState<'username' | 'reset'>('username');
  const [username, setUsername] = useState(initialUsername);
  const [usernameError, setUsernameError] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const t = useT();

  function onContinue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Checked by POST /api/user/forgot-password's own schema: its message under the field, nothing sent.
    const checked = checkWithSchema(forgotPasswordRequestSchema, { username });
    if (!checked.data) {
      setUsernameError(checked.errors.username);
      return;
    }
    forgot.mutate(checked.data.username, {
      onSuccess: () => {
        toast({
          title: translate('auth.usernameFound'),
          description: translate('auth.enterNewPassword'),
          variant: 'success',
        });
        setStep('reset');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          toast({
            title: translate('auth.usernameNotFound'),
            description: translate('auth.noAccountForUsername'),
            variant: 'destructive',
          });
        } else if (error instanceof ApiError && error.status === 429) {
          // No new mail now, but a code mailed before still works (someone else may have used up the quota).
          toast({
            title: translate('auth.error'),
            description: errorMessage(error, translate('auth.somethingWrong')),
            variant: 'destructive',
          });
          setStep('reset');
        } else {
          toast({
            title: translate('auth.error'),
            description: errorMessage(error, translate('auth.somethingWrong')),
            variant: 'destructive',
          });
        }
      },
    });
  }

  function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newPassword.length < LIMITS.passwordMin) {
      toast({
        title: translate('auth.passwordTooShort'),
        description: translate('auth.passwordTooShortLong'),
        variant: 'destructive',
      });
      return;
    }
    if (newPassword !== confirmPassword) {
      toast({
        title: translate('auth.passwordsMismatch'),
        description: translate('auth.passwordsIdentical'),
        variant: 'destructive',
      });
      return;
    }
    // The rest by POST /api/user/reset-password's own schema (the code's message under its field).
    const checked = checkWithSchema(resetPasswordRequestSchema, { username, token: code, newPassword });
    if (!checked.data) {
      setCodeError(checked.errors.token);
      if (!checked.errors.token)
        toast({
          title: translate('auth.error'),
          description: Object.values(checked.errors)[0],
          variant: 'destructive',
        });
      return;
    }
    reset.mutate(checked.data, {
      // The server signed this browser in with the new password (and ended every other session): go into the
      // app signed in, as after a login — never "you can now log in" over a session that is already open.
      onSuccess: (user) => {
        queueToastAfterReload({
          title: translate('auth.resetSuccess'),
          description: translate('auth.signedInNewPassword'),
          variant: 'success',
          offerSetup: !user.isSetupComplete,
        });
        window.location.assign('/');
      },
      onError: (error) =>
        toast({
          title: translate('auth.resetFailed'),
          description: errorMessage(error, translate('auth.somethingWrong')),
          variant: 'destructive',
        }),
    });
  }

  if (step === 'username') {
    return (
      <form onSubmit={onContinue} className="grid gap-4" noValidate>
        <p className="text-sm text-mist-300">{t('auth.forgotIntro')}</p>
        <FormField id="forgot-username" label={t('auth.username')} error={usernameError}>
          {(field) => (
            <Input
              {...field}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                setUsernameError(undefined);
              }}
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('auth.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" disabled={forgot.isPending}>
            {forgot.isPending ? t('auth.checking') : t('auth.continue')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={onReset} className="grid gap-4" noValidate>
      <p className="text-sm text-mist-300">
        <Message
          id="auth.resetSent"
          values={{ username: username.trim() }}
          components={{ 0: <span className="font-medium text-mist-100" /> }}
        />
      </p>
      <FormField id="reset-code" label={t('auth.resetCode')} error={codeError}>
        {(field) => (
          <Input
            {...field}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className="font-mono uppercase tracking-widest"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setCodeError(undefined);
            }}
          />
        )}
      </FormField>
      <FormField
        id="reset-new-password"
        label={t('auth.newPassword')}
        hint={t('auth.passwordHint', { min: LIMITS.passwordMin })}
      >
        {(field) => (
          <PasswordInput
            {...field}
            what={t('auth.newPasswordWhat')}
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        )}
      </FormField>
      <FormField id="reset-confirm-password" label={t('auth.confirmNewPassword')}>
        {(field) => (
          <PasswordInput
            {...field}
            what={t('auth.confirmationWhat')}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="ghost">
            {t('auth.cancel')}
          </Button>
        </DialogClose>
        <Button type="button" variant="outline" onClick={() => setStep('username')}>
          {t('auth.back')}
        </Button>
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? t('auth.resetting') : t('auth.resetPassword')}
        </Button>
      </div>
    </form>
  );
}
