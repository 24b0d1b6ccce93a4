/**
 * The browser's install offer (docs/decisions/015-installable-offline-push.md): Chromium browsers fire `beforeinstallprompt` when the app can be
 * installed; it is kept here from the first moment the module loads (main.tsx imports it) until the reader asks.
 * What the account menu makes of it (the iOS hint, the prompt itself) is install-offer.ts, loaded with the menu.
 */

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

/** The kept event, if the browser offered one. */
export const installEvent = () => deferred;

/** Calls `listener` when the kept event comes or goes; returns the unsubscribe. */
export function subscribeToInstallEvent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands the kept event over once (it cannot be used again) and forgets it. */
export function takeInstallEvent(): BeforeInstallPromptEvent | null {
  const event = deferred;
  deferred = null;
  changed();
  return event;
}
