/** The password-reset mail. Its text holds a line `Reset code: <code>` (tests and people both read it). */
import type { MailMessage } from '../../mail/mailer';
import { RESET_CODE_TTL_MS } from './reset-codes';

export function resetCodeMail(
  user: { email: string; username: string; displayName: string },
  code: string,
): MailMessage {
  const minutes = Math.round(RESET_CODE_TTL_MS / 60_000);
  return {
    to: user.email,
    subject: 'Your Whispers password reset code',
    text: [
      `Hello ${user.displayName},`,
      '',
      `Someone asked to reset the password of the Whispers account @${user.username}.`,
      '',
      `Reset code: ${code}`,
      '',
      `Enter this code in the "Forgot your password?" dialog together with your new password.`,
      `The code works once and expires in ${minutes} minutes.`,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      '',
      'Whispers - Discover hidden stories',
    ].join('\n'),
  };
}
