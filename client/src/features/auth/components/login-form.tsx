import { useState, type FormEvent } from 'react';
import { loginRequestSchema } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { errorMessage } from '#client/lib/api-client';
import { checkWithSchema, type SchemaFieldErrors } from '#client/lib/schema-field-errors';
import { useLogin } from '../api/login';
import { queueToastAfterReload } from '#client/lib/auth/pending-toast';
import { translate } from '#client/lib/i18n/i18n';
import { useT } from '#client/lib/i18n/use-t';
import { AuthLanguageSelect } from './auth-language-select';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { PasswordInput } from './password-input';

/** The "Login" tab: username, password (show/hide) and the way into the forgot-password dialog. */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [errors, setErrors] = useState<SchemaFieldErrors<'username' | 'password'>>({});
  const login = useLogin();
  const t = useT();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Checked by POST /api/user/login's own schema before it is sent: its messages under the fields, nothing sent.
    const checked = checkWithSchema(loginRequestSchema, { username, password });
    if (!checked.data) {
      setErrors(checked.errors);
      document.getElementById(checked.errors.username ? 'login-username' : 'login-password')?.focus();
      return;
    }
    login.mutate(checked.data, {
      onSuccess: (user) => {
        queueToastAfterReload({
          title: translate('auth.welcomeBack'),
          description: translate('auth.goodToSeeYou', { name: user.displayName }),
          variant: 'success',
          offerSetup: !user.isSetupComplete,
        });
        // A full reload to / (spec): every screen starts again from the new session.
        window.location.assign('/');
      },
      onError: (error) =>
        toast({
          title: translate('auth.loginFailed'),
          description: errorMessage(error, translate('auth.invalidCredentials')),
          variant: 'destructive',
        }),
    });
  }

  const busy = login.isPending || login.isSuccess;
  // The dialog sits outside the <form>: React events bubble through portals, and its own submit must not sign in.
  return (
    <>
      {/* noValidate: the app's own messages under each field, never the browser's bubbles. */}
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <FormField id="login-username" label={t('auth.username')} error={errors.username}>
          {(field) => (
            <Input
              {...field}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                setErrors((shown) => ({ ...shown, username: undefined }));
              }}
            />
          )}
        </FormField>
        <FormField
          id="login-password"
          label={t('auth.password')}
          error={errors.password}
          aside={
            <button
              type="button"
              className="rounded-md text-sm font-medium text-glow-300 underline-offset-4 hover:underline"
              onClick={() => setForgotOpen(true)}
            >
              {t('auth.forgotPassword')}
            </button>
          }
        >
          {(field) => (
            <PasswordInput
              {...field}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setErrors((shown) => ({ ...shown, password: undefined }));
              }}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
          {busy ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </form>
      <AuthLanguageSelect />
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialUsername={username} />
    </>
  );
}
