/**
 * Every message id: the keys of the English catalogue, namespace by namespace (one file each in messages/). A
 * namespace added there is added here, so `t()` refuses an id that does not exist.
 */
import type shell from './messages/shell.en.json';
import type auth from './messages/auth.en.json';
import type account from './messages/account.en.json';
import type notifications from './messages/notifications.en.json';
import type insights from './messages/insights.en.json';

export type MessageId =
  keyof typeof shell | keyof typeof auth | keyof typeof account | keyof typeof notifications | keyof typeof insights;
