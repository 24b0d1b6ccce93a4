import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '#common/schemas';
import { apiRequest } from '#client/lib/api-client';

/** POST /api/user/reset-password: the mailed code plus the new password; the code works once. */
async function resetPassword(data: ResetPasswordRequest): Promise<void> {
  await apiRequest('POST', '/api/user/reset-password', data);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
