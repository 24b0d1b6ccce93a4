import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, LoginRequest } from '#common/schemas';
import { apiSend } from '#client/lib/api-client';

/** POST /api/user/login: a new session cookie on success; 401 "Invalid username or password" otherwise. */
function loginUser(data: LoginRequest): Promise<CurrentUser> {
  return apiSend<CurrentUser>('POST', '/api/user/login', data);
}

export function useLogin() {
  return useMutation({ mutationFn: loginUser });
}
