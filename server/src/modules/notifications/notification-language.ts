/**
 * A notification in its reader's language (docs/decisions/063-notifications-in-the-readers-language.md): said
 * from the words it was made from; a row older than words, by matching its English against the catalogue's
 * sentences as refusals are. English is the stored text itself.
 */
import type { Notification } from '#common/notification-schemas';
import type { InterfaceLocale } from '#common/locales';
import { say } from '#common/words';
import { speakerOf, translateMessage } from '../../lib/i18n/server-messages';
import type { StoredNotification } from './stored-notification';

export function notificationIn(locale: InterfaceLocale, stored: StoredNotification): Notification {
  const { words, ...notification } = stored;
  if (locale === 'en') return notification;
  if (!words) {
    return {
      ...notification,
      title: translateMessage(notification.title, locale),
      message: translateMessage(notification.message, locale),
    };
  }
  const speaker = speakerOf(locale);
  return { ...notification, title: say(words.title, speaker), message: say(words.message, speaker) };
}
