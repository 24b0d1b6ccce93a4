/**
 * The password-reset mail, in the language of the interface the reset was asked from (docs/decisions/062-interface-
 * languages.md). In English its text holds a line `Reset code: <code>` (tests and people both read it).
 */
import type { InterfaceLocale } from '#common/locales';
import { translateMessage } from '../../lib/i18n/server-messages';
import type { MailMessage } from '../../mail/mailer';
import { RESET_CODE_TTL_MS } from './reset-codes';

/** The mail's lines in English; `{0}` is filled after translation (common/sentences/sentences.<locale>.json). */
const RESET_MAIL_MESSAGES = {
  subject: 'Your Whispers password reset code',
  greeting: 'Hello {0},',
  asked: 'Someone asked to reset the password of the Whispers account @{0}.',
  code: 'Reset code: {0}',
  howTo: 'Enter this code in the "Forgot your password?" dialog together with your new password.',
  expiry: 'The code works once and expires in {0} minutes.',
  notYou: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  signature: 'Whispers - Discover hidden stories',
} as const;

export function resetCodeMail(
  user: { email: string; username: string; displayName: string },
  code: string,
  locale: InterfaceLocale = 'en',
): MailMessage {
  const say = (line: keyof typeof RESET_MAIL_MESSAGES, value = '') =>
    translateMessage(RESET_MAIL_MESSAGES[line], locale).replace('{0}', value);
  const minutes = new Intl.NumberFormat(locale).format(Math.round(RESET_CODE_TTL_MS / 60_000));
  return {
    to: user.email,
    subject: say('subject'),
    text: [
      say('greeting', user.displayName),
      '',
      say('asked', user.username),
      '',
      say('code', code),
      '',
      say('howTo'),
      say('expiry', minutes),
      '',
      say('notYou'),
      '',
      say('signature'),
    ].join('\n'),
  };
}
