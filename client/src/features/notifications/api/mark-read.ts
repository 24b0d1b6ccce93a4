import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '#common/notification-schemas';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

/** Marks the cached copies read at once, then refetches both lists from the server. */
function useReadMutation<T>(send: (arg: T) => Promise<unknown>, isAffected: (n: Notification, arg: T) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: (arg: T) => {
      queryClient.setQueryData<Notification[]>(queryKeys.notifications.list, (old) =>
        old?.map((n) => (isAffected(n, arg) ? { ...n, isRead: true } : n)),
      );
      queryClient.setQueryData<Notification[]>(queryKeys.notifications.unread, (old) =>
        old?.filter((n) => !isAffected(n, arg)),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unread }),
      ]),
  });
}

/** POST /api/notifications/:id/read */
export function useMarkNotificationRead() {
  return useReadMutation(
    (id: string) => callApi('markNotificationRead', { params: { id } }),
    (n, id) => n.id === id,
  );
}

/** POST /api/notifications/read-all */
export function useMarkAllNotificationsRead() {
  return useReadMutation(
    () => callApi('markAllNotificationsRead'),
    () => true,
  );
}
