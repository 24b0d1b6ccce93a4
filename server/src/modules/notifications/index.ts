/**
 * What the notifications module offers other modules (eslint.config.js lets them import nothing else of it): push
 * says a notification in its user's language as the bell does.
 */
export { notificationIn } from './notification-language';
export type { StoredNotification } from './stored-notification';
