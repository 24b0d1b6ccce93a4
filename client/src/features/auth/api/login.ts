import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, LoginRequest } from '#common/schemas';
import { callApi } from '#client/lib/api';

/** POST /api/user/login: a new session cookie on success; 401 "Invalid username or password" otherwise. */
function loginUser(data: LoginRequest): Promise<CurrentUser> {
  return callApi('login', { body: data });
}

export function useLogin() {
  return useMutation({ mutationFn: loginUser });
}
