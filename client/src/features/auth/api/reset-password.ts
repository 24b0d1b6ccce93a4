import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, ResetPasswordRequest } from '#common/schemas';
import { callApi } from '#client/lib/api';

/**
 * POST /api/user/reset-password: the mailed code plus the new password; the code works once. Success ends every
 * other session of the account and signs this browser in (a new session cookie): the answer is that user.
 */
function resetPassword(data: ResetPasswordRequest): Promise<CurrentUser> {
  return callApi('resetPassword', { body: data });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
