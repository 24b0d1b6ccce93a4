/**
 * A notification as the server keeps it (docs/decisions/063-notifications-in-the-readers-language.md): the API's
 * fields in English and the words they were made from, which notification-language.ts says in each reader's language.
 */
import type { Notification } from '#common/notification-schemas';
import { isWords, type Words } from '#common/words';

/** What a notification said, as words, so each reader hears it in their language (notification-language.ts). */
export interface NotificationWords {
  title: Words;
  message: Words;
}

/** A notification as stored: the API's fields in English, and the words they were made from (none in old rows). */
export type StoredNotification = Notification & { words?: NotificationWords };

/** The words of a stored row or a published payload; undefined when there are none (or they are not words). */
export const notificationWordsOf = (value: unknown): NotificationWords | undefined => {
  const { title, message } = (value ?? {}) as { title?: unknown; message?: unknown };
  return isWords(title) && isWords(message) ? { title, message } : undefined;
};
