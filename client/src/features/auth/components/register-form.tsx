import { useState, type FormEvent } from 'react';
import { LIMITS } from '#common/constants';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { errorMessage } from '#client/lib/api-client';
import { useRegister } from '../api/register';
import { queueToastAfterReload } from '#client/lib/auth/pending-toast';
import { PasswordInput } from './password-input';

/**
 * The "Create Account" tab. Every field is required; the 6-character minimum is a hint here (spec section 5)
 * and enforced by the server, whose message then shows in the "Registration Failed" toast.
 */
export function RegisterForm() {
  const [fields, setFields] = useState({ username: '', displayName: '', email: '', password: '' });
  const register = useRegister();
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
            title: 'Account Created!',
            description: "You're now logged in.",
            variant: 'success',
            offerSetup: !user.isSetupComplete,
          });
          window.location.assign('/');
        },
        onError: (error) =>
          toast({
            title: 'Registration Failed',
            description: errorMessage(error, 'Something went wrong'),
            variant: 'destructive',
          }),
      },
    );
  }

  const busy = register.isPending || register.isSuccess;
  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <FormField id="register-username" label="Username">
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
          />
        )}
      </FormField>
      <FormField id="register-display-name" label="Display Name">
        {(field) => (
          <Input {...field} name="displayName" autoComplete="nickname" required value={fields.displayName} onChange={set('displayName')} />
        )}
      </FormField>
      <FormField id="register-email" label="Email">
        {(field) => (
          <Input {...field} name="email" type="email" autoComplete="email" required value={fields.email} onChange={set('email')} />
        )}
      </FormField>
      <FormField id="register-password" label="Password" hint={`Must be at least ${LIMITS.passwordMin} characters`}>
        {(field) => (
          <PasswordInput {...field} name="password" autoComplete="new-password" required value={fields.password} onChange={set('password')} />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
