/**
 * Registers the service worker and says when a new version waits (docs/decisions/015-installable-offline-push.md): "A new version of Whispers is
 * ready" with "Reload" — never a silent reload in the middle of a walk. Looks for a new version when the page
 * comes back into view, on each navigation and every hour.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '#client/components/ui/button';
import { useT } from '#client/lib/i18n/use-t';
import { activateWaitingWorker, afterLoadAndIdle, registerServiceWorker } from './register-sw';

const CHECK_EVERY_MS = 60 * 60_000;

export function UpdatePrompt() {
  const registration = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const [location] = useLocation();
  const [needRefresh, setNeedRefresh] = useState(false);
  const t = useT();

  // Registered once the page has loaded and is idle: nothing on the first screen needs the worker, and its
  // registration (the worker's download, its precache) would compete with that screen's own requests.
  useEffect(
    () =>
      afterLoadAndIdle(() => {
        registerServiceWorker(() => setNeedRefresh(true)).then(
          (registered) => (registration.current = registered),
          () => undefined, // no worker (private mode, an old browser): the app works without one
        );
      }),
    [],
  );

  useEffect(() => {
    const check = () => {
      if (navigator.onLine) void registration.current?.update().catch(() => undefined);
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  // A navigation is a good moment to look (the reader is between stories).
  useEffect(() => {
    if (navigator.onLine) void registration.current?.update().catch(() => undefined);
  }, [location]);

  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-[60] mx-auto flex max-w-md items-center gap-3 rounded-xl border border-night-600 bg-night-900 p-3 shadow-2xl sm:inset-x-auto sm:end-4"
    >
      <p className="flex-1 text-sm text-mist-100">{t('lib.updateReady')}</p>
      <Button size="sm" onClick={() => activateWaitingWorker(registration.current)}>
        {t('lib.reload')}
      </Button>
    </div>
  );
}
