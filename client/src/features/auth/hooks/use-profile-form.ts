import { useCallback, useMemo, useState } from 'react';
import { MESSAGES, type CurrentUser } from '#common/schemas';
import { toast } from '#client/components/ui/use-toast';
import { ApiError, errorMessage } from '#client/lib/api-client';
import { translate } from '#client/lib/i18n/i18n';
import { checkUsername } from '../api/check-username';
import type { ProfileFieldProps } from '../components/profile-fields';
import {
  isFavoriteStoryType,
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from '../lib/profile-validation';

function profileValuesOf(user: CurrentUser): ProfileValues {
  return {
    username: user.username,
    displayName: user.displayName,
    bio: user.bio ?? '',
    favoriteStoryType: isFavoriteStoryType(user.favoriteStoryType) ? user.favoriteStoryType : '',
  };
}

/**
 * State of a profile form (the wizard and edit mode share it): values, the shared-schema errors of every
 * field, which of them to show (a field shows its error once it was edited or a step was attempted), and
 * errors the server gave for a field (a taken username).
 */
export function useProfileForm(user: CurrentUser, idPrefix: string) {
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(user));
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<ProfileErrors>({});

  const allErrors = useMemo<ProfileErrors>(
    () => ({ ...serverErrors, ...validateProfile(values) }),
    [values, serverErrors],
  );
  const visibleErrors = useMemo<ProfileErrors>(() => {
    const shown: ProfileErrors = {};
    for (const [field, message] of Object.entries(allErrors) as [ProfileField, string][]) {
      if (touched[field]) shown[field] = message;
    }
    return shown;
  }, [allErrors, touched]);

  const onChange = useCallback((field: ProfileField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  }, []);
  const onBlur = useCallback((field: ProfileField) => setTouched((t) => ({ ...t, [field]: true })), []);

  /** Shows the errors of these fields; true when they are all valid. */
  const attempt = useCallback(
    (fields: readonly ProfileField[]) => {
      setTouched((t) => ({ ...t, ...Object.fromEntries(fields.map((f) => [f, true])) }));
      const invalid = fields.find((f) => allErrors[f]);
      if (invalid) document.getElementById(`${idPrefix}-${invalid}`)?.focus();
      return !invalid;
    },
    [allErrors, idPrefix],
  );

  const isValid = (fields: readonly ProfileField[]) => fields.every((f) => !allErrors[f]);

  const setServerError = useCallback((field: ProfileField, message: string) => {
    setServerErrors((e) => ({ ...e, [field]: message }));
    setTouched((t) => ({ ...t, [field]: true }));
  }, []);

  /**
   * Before leaving the username step: asks the server whether a changed username is free. Returns false (and
   * shows why) when it is taken or the check failed.
   */
  const checkUsernameFree = useCallback(async (): Promise<boolean> => {
    const wanted = values.username.trim();
    if (wanted.toLowerCase() === user.username.toLowerCase()) return true;
    try {
      if (await checkUsername(wanted)) {
        setServerError('username', MESSAGES.usernameTaken);
        document.getElementById(`${idPrefix}-username`)?.focus();
        return false;
      }
      return true;
    } catch (error) {
      toast({
        title: translate('auth.error'),
        description: errorMessage(error, translate('auth.somethingWrong')),
        variant: 'destructive',
      });
      return false;
    }
  }, [values.username, user.username, setServerError, idPrefix]);

  /** A 409 from POST /api/user/setup means the username was taken meanwhile: show it on the field. */
  const showSetupError = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 409)
        setServerError('username', error.serverMessage ?? MESSAGES.usernameTaken);
    },
    [setServerError],
  );

  const fieldProps: ProfileFieldProps = { values, errors: visibleErrors, onChange, onBlur, idPrefix };
  return { values, fieldProps, attempt, isValid, checkUsernameFree, showSetupError };
}
