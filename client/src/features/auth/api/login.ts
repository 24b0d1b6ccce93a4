import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, LoginRequest } from '#common/schemas';
import { apiRequest } from '#client/lib/api-client';

/** POST /api/user/login: a new session cookie on success; 401 "Invalid username or password" otherwise. */
export async function loginUser(data: LoginRequest): Promise<CurrentUser> {
  const res = await apiRequest('POST', '/api/user/login', data);
  return (await res.json()) as CurrentUser;
}

export function useLogin() {
  return useMutation({ mutationFn: loginUser });
}
