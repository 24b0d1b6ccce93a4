import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, RegisterRequest } from '#common/schemas';
import { callApi } from '#client/lib/api';

/** POST /api/user/register: creates the account and signs it in (201 with the user). */
function registerUser(data: RegisterRequest): Promise<CurrentUser> {
  return callApi('register', { body: data });
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
