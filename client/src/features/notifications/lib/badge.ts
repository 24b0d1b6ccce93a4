import { NOTIFICATIONS } from '#common/constants';
import { formatDate } from '#client/lib/i18n/format';
import { translate } from '#client/lib/i18n/i18n';

/** The bell's badge: nothing at 0, the count up to 9, then "9+" (docs/design.md, part 2). */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATIONS.badgeCap ? `${NOTIFICATIONS.badgeCap}+` : String(unread);
}

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date (in the current language). */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return translate('notifications.justNow');
  if (seconds < 3600) return translate('notifications.minutesAgo', { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return translate('notifications.hoursAgo', { count: Math.floor(seconds / 3600) });
  if (seconds < 7 * 86_400) return translate('notifications.daysAgo', { count: Math.floor(seconds / 86_400) });
  return formatDate(iso);
}
