import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Notification } from '#common/notification-schemas';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { useT } from '#client/lib/i18n/use-t';
import { cn } from '#client/lib/utils';
import { useNotifications, useUnreadNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { useNotificationStream } from '../hooks/use-notification-stream';
import { badgeText, timeAgo } from '../lib/badge';

/**
 * The bell in the header with its unread badge, and the notifications popover (docs/design.md, part 2): the list,
 * "Read All", "Close", a header of "N unread" or "All caught up!", an 80-unit scroll area. Clicking a
 * notification marks it read and opens its story. Only rendered for a signed-in user.
 */
export default function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  useNotificationStream(true);
  const unread = useUnreadNotifications(true);
  const list = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const t = useT();

  const unreadCount = unread.data?.length ?? 0;
  const badge = badgeText(unreadCount);
  const items = list.data ?? [];

  const openNotification = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    setOpen(false);
    navigate(n.storyId ? paths.story(n.storyId) : paths.home);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={
            unreadCount ? t('notifications.bellLabelUnread', { count: unreadCount }) : t('notifications.title')
          }
          className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-mist-200 transition-colors hover:bg-night-800 hover:text-mist-100 focus-visible:outline-2 focus-visible:outline-glow-400"
        >
          <Bell className="h-5 w-5" aria-hidden />
          {badge && (
            <span
              data-testid="notification-badge"
              aria-hidden
              className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-ember-500 px-1 text-[11px] font-semibold leading-none text-night-950"
            >
              {badge}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('notifications.title')}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-2xl border border-night-700 bg-night-900 text-mist-100 shadow-2xl shadow-black/50"
        >
          <div className="flex items-center justify-between gap-3 border-b border-night-700 px-4 py-3">
            <div>
              <h2 className="font-display text-base font-semibold">{t('notifications.title')}</h2>
              <p className="text-xs text-mist-400" aria-live="polite">
                {unreadCount ? t('notifications.unreadCount', { count: unreadCount }) : t('notifications.allCaughtUp')}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => markAllRead.mutate(undefined)}
              disabled={unreadCount === 0 || markAllRead.isPending}
            >
              {t('notifications.readAll')}
            </Button>
          </div>
          <div className="h-80 overflow-y-auto overscroll-contain">
            {items.length === 0 ? (
              <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
                <Bell className="h-8 w-8 text-night-500" aria-hidden />
                <p className="text-sm font-medium text-mist-200">{t('notifications.empty')}</p>
                <p className="text-xs text-mist-400">{t('notifications.emptyHint')}</p>
              </div>
            ) : (
              <ul className="divide-y divide-night-800">
                {items.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      onClick={() => openNotification(n)}
                      className={cn(
                        'flex w-full gap-3 px-4 py-3 text-start transition-colors hover:bg-night-800 focus-visible:bg-night-800 focus-visible:outline-none',
                        !n.isRead && 'bg-glow-600/10',
                      )}
                    >
                      <span
                        className={cn(
                          'mt-1.5 h-2 w-2 shrink-0 rounded-full',
                          n.isRead ? 'bg-transparent' : 'bg-ember-400',
                        )}
                        aria-hidden
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm font-semibold text-mist-100">
                          {n.title}
                          {!n.isRead && <span className="sr-only"> {t('notifications.unreadMark')}</span>}
                        </span>
                        <span className="block text-sm text-mist-300">{n.message}</span>
                        <span className="mt-0.5 block text-xs text-mist-400">{timeAgo(n.createdAt)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex justify-end border-t border-night-700 px-4 py-2">
            <Popover.Close asChild>
              <Button variant="secondary" size="sm">
                {t('notifications.close')}
              </Button>
            </Popover.Close>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
