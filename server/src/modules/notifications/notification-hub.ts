/**
 * Live delivery of notifications to the SSE streams this app instance holds. Every instance LISTENs on the
 * database's NOTIFICATION_CHANNEL; the statement that inserts a notification NOTIFYs it (after commit), so a
 * notification made by any instance reaches the user's streams on every instance within milliseconds.
 * At most NOTIFICATION_LIMITS.streamsPerUser streams per user on one instance: a new one closes the oldest.
 */
import { NOTIFICATION_LIMITS, notificationSchema, type Notification } from '#common/notifications';
import type { Database } from '../../db/client';
import { NOTIFICATION_CHANNEL } from './notification-repository';

export interface NotificationStream {
  userId: string;
  send(notification: Notification): void;
  /** Ends the stream (a newer stream replaced it, or the app is closing). */
  close(): void;
}

export interface HubLogger {
  warn(obj: unknown, msg?: string): void;
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;

export function createNotificationHub(deps: { database: Database; logger: HubLogger }) {
  const streams = new Map<string, NotificationStream[]>();
  let stopListening: (() => Promise<void>) | undefined;

  function deliver(payload: string) {
    let notification: Notification;
    try {
      const data: unknown = JSON.parse(payload);
      // Every instance hears every notification: most are for users with no stream here, so look first.
      const userId = (data as { userId?: unknown } | null)?.userId;
      if (typeof userId !== 'string' || !streams.has(userId)) return;
      notification = notificationSchema.parse(data);
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
      while (list.length > NOTIFICATION_LIMITS.streamsPerUser) list.shift()!.close();
      return () => {
        const current = streams.get(stream.userId);
        if (!current) return;
        const rest = current.filter((s) => s !== stream);
        if (rest.length) streams.set(stream.userId, rest);
        else streams.delete(stream.userId);
      };
    },

    /** Open streams of a user on this instance (tests, metrics). */
    count(userId: string): number {
      return streams.get(userId)?.length ?? 0;
    },

    /** Closes every stream cleanly and stops listening (app shutdown). */
    async close() {
      for (const list of streams.values()) for (const stream of [...list]) stream.close();
      streams.clear();
      await stopListening?.();
      stopListening = undefined;
    },
  };
}
