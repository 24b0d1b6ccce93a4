import { useMutation } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';

/**
 * POST /api/user/forgot-password (docs/design.md, rule 5): mails a single-use reset code to the account's email.
 * 404 "No account found with that username." when there is no such account.
 */
async function requestPasswordReset(username: string): Promise<void> {
  await callApi('forgotPassword', { body: { username } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
