import { callApi } from '#client/lib/api';

/** POST /api/user/check-username: whether an account already uses this username (case-insensitive). */
export async function checkUsername(username: string): Promise<boolean> {
  const body = await callApi('checkUsername', { body: { username } });
  return body.exists;
}
