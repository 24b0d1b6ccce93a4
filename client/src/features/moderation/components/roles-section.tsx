import { useState, type FormEvent } from 'react';
import { ROLES, type Role } from '#common/moderation';
import { roleRequestSchema } from '#common/moderation-schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { errorMessage } from '#client/lib/api-client';
import { checkWithSchema } from '#client/lib/schema-field-errors';
import { messageToast } from '#client/lib/toast-message';
import { roleChanged, roleName } from '#client/lib/i18n/moderation-words';
import { useT } from '#client/lib/i18n/use-t';
import { useSetRole } from '../api/moderation';

/**
 * /moderation's "Roles" for admins (docs/moderation.md): give an account the moderator or admin role, or take it back.
 * The server refuses anyone else (403) and the last admin giving up the role; every change is in the audit log.
 */
export function RolesSection() {
  const t = useT();
  const setRole = useSetRole();
  const [username, setUsername] = useState('');
  const [role, setRoleChoice] = useState<Role>('moderator');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Checked by POST /api/admin/roles' own schema before it is sent: its message under the field, nothing sent.
    const checked = checkWithSchema(roleRequestSchema, { username, role });
    if (!checked.data) return setError(checked.errors.username ?? checked.errors.role);
    setRole.mutate(checked.data, {
      onSuccess: (result) => {
        messageToast(roleChanged(t, result.username, result.role), 'success');
        setUsername('');
      },
      onError: (err) => setError(errorMessage(err, t('moderation.roleFailed'))),
    });
  };
  return (
    <section
      aria-labelledby="roles-heading"
      className="grid gap-3 rounded-2xl border border-night-700 bg-night-900/80 p-4 sm:p-5"
    >
      <h2 id="roles-heading" className="font-display text-lg font-semibold text-mist-100">
        {t('moderation.roles')}
      </h2>
      <p className="text-sm text-mist-300">{t('moderation.rolesExplain')}</p>
      <form onSubmit={onSubmit} noValidate className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <FormField id="role-username" label={t('moderation.username')} error={error}>
          {(field) => (
            <Input
              {...field}
              autoComplete="off"
              autoCapitalize="none"
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormField>
        <FormField id="role-choice" label={t('moderation.role')}>
          {(field) => (
            <Select {...field} value={role} onChange={(e) => setRoleChoice(e.target.value as Role)}>
              {ROLES.map((code) => (
                <option key={code} value={code}>
                  {roleName(t, code)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button type="submit" disabled={setRole.isPending}>
          {t('moderation.changeRole')}
        </Button>
      </form>
    </section>
  );
}
