import { useState, type FormEvent } from 'react';
import { LIMITS } from '#common/constants';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { queueToastAfterReload } from '../lib/pending-toast';
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
      <div className="grid gap-1.5">
        <Label htmlFor="register-username">Username</Label>
        <Input
          id="register-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={fields.username}
          onChange={set('username')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="register-display-name">Display Name</Label>
        <Input
          id="register-display-name"
          name="displayName"
          autoComplete="nickname"
          required
          value={fields.displayName}
          onChange={set('displayName')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="register-email">Email</Label>
        <Input
          id="register-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={set('email')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="register-password">Password</Label>
        <PasswordInput
          id="register-password"
          name="password"
          autoComplete="new-password"
          required
          aria-describedby="register-password-hint"
          value={fields.password}
          onChange={set('password')}
        />
        <p id="register-password-hint" className="text-xs text-mist-400">
          Must be at least {LIMITS.passwordMin} characters
        </p>
      </div>
      <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
