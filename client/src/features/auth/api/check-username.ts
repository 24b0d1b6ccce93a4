import { apiSend } from '#client/lib/api-client';

/** POST /api/user/check-username: whether an account already uses this username (case-insensitive). */
export async function checkUsername(username: string): Promise<boolean> {
  const body = await apiSend<{ exists: boolean }>('POST', '/api/user/check-username', { username });
  return body.exists;
}
