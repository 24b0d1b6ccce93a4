import { lazy, Suspense } from 'react';
import { useCurrentUser } from '#client/lib/auth/current-user';

// The bell, its popover (Radix popper) and the live stream are only for signed-in users: loaded on demand.
const NotificationBell = lazy(() => import('./notification-bell'));

/** The header's notifications entry: nothing for visitors, the bell for a signed-in user. */
export function NotificationsMenu() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <Suspense fallback={<span className="h-10 w-10" aria-hidden />}>
      <NotificationBell />
    </Suspense>
  );
}
