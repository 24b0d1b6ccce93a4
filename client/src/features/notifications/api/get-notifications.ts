import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS } from '#common/constants';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

/**
 * The signed-in user's notifications and the unread ones (docs/design.md, part 7): each refetched every 30 s even with
 * the live stream open (it covers a cut stream); TanStack Query pauses the interval while the tab is hidden.
 */
const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications.list,
  queryFn: ({ signal }) => callApi('notifications', { signal }),
  refetchInterval: NOTIFICATIONS.pollMs,
  refetchIntervalInBackground: false,
  // Nothing keeps these offline: the poll waits for the network (lib/query-client.ts).
  networkMode: 'online',
});

const unreadNotificationsQuery = queryOptions({
  queryKey: queryKeys.notifications.unread,
  queryFn: ({ signal }) => callApi('unreadNotifications', { signal }),
  refetchInterval: NOTIFICATIONS.pollMs,
  refetchIntervalInBackground: false,
  // Nothing keeps these offline: the poll waits for the network (lib/query-client.ts).
  networkMode: 'online',
});

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQuery, enabled });
}

export function useUnreadNotifications(enabled: boolean) {
  return useQuery({ ...unreadNotificationsQuery, enabled });
}
