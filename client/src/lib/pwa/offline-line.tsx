/**
 * "Offline — showing what you saw at 14:02" (docs/decisions/015-installable-offline-push.md): while the browser is offline, a line under the header
 * says the stories on screen are the ones the service worker kept, and from when (the newest area answer kept).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { translate } from '#client/lib/i18n/i18n';
import { formatDate } from '#client/lib/i18n/format';
import { useT } from '#client/lib/i18n/use-t';
import { ANSWERS_CACHE } from './cache-names';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** When the newest kept area answer (nearby, around, map) was received, or null when none is kept. */
async function lastSeenAt(): Promise<Date | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(ANSWERS_CACHE);
  let newest: Date | null = null;
  for (const request of await cache.keys()) {
    if (!/\/__offline\/last-/.test(request.url)) continue;
    const date = new Date((await cache.match(request))?.headers.get('date') ?? Number.NaN);
    if (!Number.isNaN(date.getTime()) && (!newest || date > newest)) newest = date;
  }
  return newest;
}

function offlineLineText(seenAt: Date | null): string {
  if (!seenAt) return translate('lib.offlineNothingSaved');
  const time = formatDate(seenAt, { hour: '2-digit', minute: '2-digit', hour12: false });
  return translate('lib.offlineShowingSince', { time });
}

export function OfflineLine() {
  const online = useOnline();
  useT(); // renders again when the language changes
  const [seenAt, setSeenAt] = useState<Date | null | undefined>(undefined);
  useEffect(() => {
    if (online) return;
    let live = true;
    void lastSeenAt()
      .catch(() => null)
      .then((date) => live && setSeenAt(date));
    return () => {
      live = false;
    };
  }, [online]);
  if (online || seenAt === undefined) return null;
  return (
    <p
      role="status"
      className="sticky top-0 z-[55] bg-ember-400 px-3 py-1.5 text-center text-sm font-medium text-night-950"
    >
      {offlineLineText(seenAt)}
    </p>
  );
}
