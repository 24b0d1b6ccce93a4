import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, RegisterRequest } from '#common/schemas';
import { apiSend } from '#client/lib/api-client';

/** POST /api/user/register: creates the account and signs it in (201 with the user). */
function registerUser(data: RegisterRequest): Promise<CurrentUser> {
  return apiSend<CurrentUser>('POST', '/api/user/register', data);
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
