/**
 * Live delivery of notifications to the SSE streams this app instance holds. Every instance LISTENs on the
 * database's NOTIFICATION_CHANNEL; the statement that inserts a notification NOTIFYs it (after commit), so a
 * notification made by any instance reaches the user's streams on every instance within milliseconds.
 * At most NOTIFICATION_LIMITS.streamsPerUser streams per user on one instance: a new one closes the oldest.
 */
import { notificationSchema } from '#common/notification-schemas';
import { NOTIFICATION_LIMITS } from '#common/notifications';
import type { Database } from '../../db/client';
import { NOTIFICATION_CHANNEL } from './notification-repository';
import { notificationWordsOf, type StoredNotification } from './stored-notification';

export interface NotificationStream {
  userId: string;
  send(notification: StoredNotification): void;
  /**
   * Ends the stream: `replaced` when a newer stream of the user took its place (the client must not come back),
   * `ended` when the user's session changed, the stream lived its time or the app is closing (the client may).
   */
  close(reason: StreamEnd): void;
}

export type StreamEnd = 'replaced' | 'ended';

export interface HubLogger {
  warn(obj: unknown, msg?: string): void;
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;

export function createNotificationHub(deps: { database: Database; logger: HubLogger }) {
  const streams = new Map<string, NotificationStream[]>();
  let stopListening: (() => Promise<void>) | undefined;

  function deliver(payload: string) {
    let notification: StoredNotification;
    try {
      const data: unknown = JSON.parse(payload);
      // Every instance hears every notification: most are for users with no stream here, so look first.
      const userId = (data as { userId?: unknown } | null)?.userId;
      if (typeof userId !== 'string' || !streams.has(userId)) return;
      const words = notificationWordsOf((data as { words?: unknown }).words);
      notification = { ...notificationSchema.parse(data), ...(words ? { words } : {}) };
    } catch (error) {
      deps.logger.warn({ err: error }, 'notifications: ignored a malformed NOTIFY payload');
      return;
    }
    for (const stream of streams.get(notification.userId) ?? []) stream.send(notification);
  }

  return {
    async start() {
      stopListening = await deps.database.listen(NOTIFICATION_CHANNEL, deliver);
    },

    /** Adds a stream; returns the function that removes it (call it when the connection closes). */
    add(stream: NotificationStream): () => void {
      const list = streams.get(stream.userId) ?? [];
      list.push(stream);
      streams.set(stream.userId, list);
      while (list.length > NOTIFICATION_LIMITS.streamsPerUser) list.shift()!.close('replaced');
      return () => {
        const current = streams.get(stream.userId);
        if (!current) return;
        const rest = current.filter((s) => s !== stream);
        if (rest.length) streams.set(stream.userId, rest);
        else streams.delete(stream.userId);
      };
    },

    /**
     * Ends every stream of a user (docs/security.md, "Hardening, third round"): one of their sessions ended — sign-out, password reset — or their
     * account went. A client whose session still holds reconnects and replays what it missed; the others get 401.
     */
    closeUser(userId: string) {
      for (const stream of [...(streams.get(userId) ?? [])]) stream.close('ended');
      streams.delete(userId);
    },

    /** Open streams of a user on this instance (tests, metrics). */
    count(userId: string): number {
      return streams.get(userId)?.length ?? 0;
    },

    /** Closes every stream cleanly and stops listening (app shutdown). */
    async close() {
      for (const list of streams.values()) for (const stream of [...list]) stream.close('ended');
      streams.clear();
      await stopListening?.();
      stopListening = undefined;
    },
  };
}
