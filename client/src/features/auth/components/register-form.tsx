import { useMemo, useState, type FormEvent } from 'react';
import { LIMITS } from '#common/constants';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { errorMessage } from '#client/lib/api-client';
import { useRegister } from '../api/register';
import { queueToastAfterReload } from '#client/lib/auth/pending-toast';
import {
  REGISTER_FIELDS,
  validateRegistration,
  type RegisterField,
  type RegisterValues,
} from '../lib/register-validation';
import { translate } from '#client/lib/i18n/i18n';
import { useT } from '#client/lib/i18n/use-t';
import { AuthLanguageSelect } from './auth-language-select';
import { PasswordInput } from './password-input';

/** The id suffix of each field's control (`register-…`). */
const FIELD_IDS: Record<RegisterField, string> = {
  username: 'username',
  displayName: 'display-name',
  email: 'email',
  password: 'password',
};

/**
 * The "Create Account" tab. Each field says what is wrong with it under it, in the shared schema's words, as the
 * user types or leaves it (all of them at once on submit, which then sends nothing); what only the server knows
 * (a taken username or email) comes back in the "Registration Failed" toast.
 */
export function RegisterForm() {
  const [fields, setFields] = useState<RegisterValues>({ username: '', displayName: '', email: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  const register = useRegister();
  const t = useT();
  const errors = useMemo(() => validateRegistration(fields), [fields]);
  const shownError = (name: RegisterField) => (touched[name] ? errors[name] : undefined);
  const touch = (name: RegisterField) => setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
  const set = (name: RegisterField) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    touch(name);
  };
  const leave = (name: RegisterField) => () => touch(name);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(Object.fromEntries(REGISTER_FIELDS.map((name) => [name, true])));
    const firstInvalid = REGISTER_FIELDS.find((name) => errors[name]);
    if (firstInvalid) {
      document.getElementById(`register-${FIELD_IDS[firstInvalid]}`)?.focus();
      return;
    }
    register.mutate(
      {
        username: fields.username.trim(),
        displayName: fields.displayName.trim(),
        email: fields.email.trim(),
        password: fields.password,
      },
      {
        onSuccess: (user) => {
          queueToastAfterReload({
            title: translate('auth.accountCreated'),
            description: translate('auth.nowLoggedIn'),
            variant: 'success',
            offerSetup: !user.isSetupComplete,
          });
          window.location.assign('/');
        },
        onError: (error) =>
          toast({
            title: translate('auth.registrationFailed'),
            description: errorMessage(error, translate('auth.somethingWrong')),
            variant: 'destructive',
          }),
      },
    );
  }

  const busy = register.isPending || register.isSuccess;
  return (
    <>
      {/* noValidate: the app's own messages under each field, never the browser's bubbles. */}
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <FormField id="register-username" label={t('auth.username')} error={shownError('username')}>
          {(field) => (
            <Input
              {...field}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={fields.username}
              onChange={set('username')}
              onBlur={leave('username')}
            />
          )}
        </FormField>
        <FormField id="register-display-name" label={t('auth.displayName')} error={shownError('displayName')}>
          {(field) => (
            <Input
              {...field}
              name="displayName"
              autoComplete="nickname"
              required
              value={fields.displayName}
              onChange={set('displayName')}
              onBlur={leave('displayName')}
            />
          )}
        </FormField>
        <FormField id="register-email" label={t('auth.email')} error={shownError('email')}>
          {(field) => (
            <Input
              {...field}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={fields.email}
              onChange={set('email')}
              onBlur={leave('email')}
            />
          )}
        </FormField>
        <FormField
          id="register-password"
          label={t('auth.password')}
          // The hint gives way to the error, which says the same thing: once, not twice.
          hint={shownError('password') ? undefined : t('auth.passwordHint', { min: LIMITS.passwordMin })}
          error={shownError('password')}
        >
          {(field) => (
            <PasswordInput
              {...field}
              name="password"
              autoComplete="new-password"
              required
              value={fields.password}
              onChange={set('password')}
              onBlur={leave('password')}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
          {busy ? t('auth.creatingAccount') : t('auth.createAccount')}
        </Button>
      </form>
      <AuthLanguageSelect />
    </>
  );
}
