import { apiRequest } from '#client/lib/api-client';

/** POST /api/user/check-username: whether an account already uses this username (case-insensitive). */
export async function checkUsername(username: string): Promise<boolean> {
  const res = await apiRequest('POST', '/api/user/check-username', { username });
  const body = (await res.json()) as { exists: boolean };
  return body.exists;
}
