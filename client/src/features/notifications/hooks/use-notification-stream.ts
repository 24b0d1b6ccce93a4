import { useLingui } from '@lingui/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { STREAM_REPLACED_EVENT } from '#common/notifications';
import type { Notification } from '#common/notification-schemas';
import { apiPath } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

/** Puts `n` at the head of a cached list, once. */
function prependOnce(list: Notification[] | undefined, n: Notification): Notification[] | undefined {
  if (!list) return list;
  return [n, ...list.filter((item) => item.id !== n.id)];
}

/**
 * Holds the live stream (GET /api/notifications/stream) while signed in: each pushed notification goes straight
 * into both cached lists, so the badge changes at once. EventSource reconnects by itself and sends
 * Last-Event-ID, so the server replays what was missed meanwhile — except after a `replaced` event: more tabs
 * than the per-user cap are open, and coming back would only end another tab's stream. Each event is checked
 * against the contract's notification schema, loaded with the stream (zod stays off the first screen: bench/README.md).
 * The server says them in the interface's language, named in the query (EventSource sends no chosen headers); a
 * change of language opens the stream again, and the lists are asked again in the new one.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  const locale = useLingui().i18n.locale;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let stopped = false;
    void import('#common/notification-schemas').then(({ notificationSchema }) => {
      if (!stopped) source = openStream(queryClient, locale, (data) => notificationSchema.safeParse(data));
    });
    return () => {
      stopped = true;
      source?.close();
    };
  }, [enabled, queryClient, locale]);
  useEffect(() => {
    // Not at the first render: the lists were just asked in this language.
    return () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  }, [queryClient, locale]);
}

type ParseNotification = (data: unknown) => { success: true; data: Notification } | { success: false };

function openStream(queryClient: QueryClient, locale: string, parse: ParseNotification): EventSource {
  const url = `${apiPath('notificationStream')}?lang=${encodeURIComponent(locale)}`;
  const source = new EventSource(url, { withCredentials: true });
  source.addEventListener('notification', (event) => {
    let data: unknown;
    try {
      data = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      return;
    }
    const parsed = parse(data);
    if (!parsed.success) return;
    const n = parsed.data;
    queryClient.setQueryData<Notification[]>(queryKeys.notifications.list, (old) => prependOnce(old, n));
    queryClient.setQueryData<Notification[]>(queryKeys.notifications.unread, (old) =>
      n.isRead ? old : (prependOnce(old, n) ?? [n]),
    );
  });
  // A newer tab of this user took the stream's place: stay closed rather than evict another tab (docs/security.md, "Hardening, third round").
  source.addEventListener(STREAM_REPLACED_EVENT, () => source.close());
  return source;
}
