/**
 * The live notification stream of one user (GET /api/notifications/stream): `event: notification`, `id:` the
 * notification id, `data:` the notification as the list returns it; a heartbeat comment every 25 s; on reconnect
 * (Last-Event-ID header, or ?lastEventId= for a client that cannot set it) what was missed in the last 24 h, up to
 * 100. Live ones arriving during the replay are held back and sent after it, each id once. At most 5 streams per
 * user on an instance: a sixth ends the oldest with a final `replaced` event (its client does not reconnect). A
 * stream ends after its lifetime (the client reconnects) and when one of the user's sessions ends or the account
 * goes (the hub closes it).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOTIFICATION_LIMITS, STREAM_REPLACED_EVENT } from '#common/notifications';
import type { InterfaceLocale } from '#common/locales';
import { openEventStream } from '../../lib/event-stream';
import type { NotificationHub, StreamEnd } from './notification-hub';
import type { NotificationService } from './notification-service';
import { notificationIn } from './notification-language';
import type { StoredNotification } from './stored-notification';

export interface NotificationStreamRequest {
  userId: string;
  lastEventId: string | null;
  /** The language the stream's notifications are said in. */
  locale: InterfaceLocale;
  /** The headers every other answer carries (security headers, request id, cache rules). */
  headers: OutgoingHttpHeaders;
  lifetimeMs: number;
}

export async function streamNotifications(
  request: FastifyRequest,
  reply: FastifyReply,
  parts: { service: NotificationService; hub: NotificationHub },
  stream: NotificationStreamRequest,
): Promise<void> {
  let replaying = true;
  const held: StoredNotification[] = [];
  const sent = new Set<string>();
  const events = openEventStream(request, reply, {
    headers: stream.headers,
    heartbeatMs: NOTIFICATION_LIMITS.heartbeatMs,
    lifetimeMs: stream.lifetimeMs,
    // No stream lives for ever: the client reconnects (with Last-Event-ID) and its session is checked again.
    onLifetimeEnd: () => end('ended'),
    // Runs only after this function has returned (a close event, or the timer): removeFromHub is set by then.
    onClose: () => removeFromHub(),
  });
  const write = (notification: StoredNotification) => {
    if (events.ended || sent.has(notification.id)) return;
    if (replaying) sent.add(notification.id);
    events.send({ event: 'notification', id: notification.id, data: notificationIn(stream.locale, notification) });
  };
  function end(reason: StreamEnd) {
    if (events.ended) return;
    // A replaced stream's client must not come back: it would replace another tab's, for ever.
    if (reason === 'replaced') events.send({ event: STREAM_REPLACED_EVENT, data: {} });
    events.end();
  }
  const removeFromHub = parts.hub.add({
    userId: stream.userId,
    send: (notification) => (replaying ? held.push(notification) : write(notification)),
    close: end,
  });

  try {
    if (stream.lastEventId)
      for (const notification of await parts.service.replay(stream.userId, stream.lastEventId)) write(notification);
  } catch (error) {
    request.log.warn({ err: error }, 'notifications: replay failed');
  }
  for (const notification of held) write(notification);
  replaying = false;
  held.length = 0;
  sent.clear();
}
