import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, RegisterRequest } from '#common/schemas';
import { apiRequest } from '#client/lib/api-client';

/** POST /api/user/register: creates the account and signs it in (201 with the user). */
export async function registerUser(data: RegisterRequest): Promise<CurrentUser> {
  const res = await apiRequest('POST', '/api/user/register', data);
  return (await res.json()) as CurrentUser;
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
