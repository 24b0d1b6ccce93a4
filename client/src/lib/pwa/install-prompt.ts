/**
 * "Install Whispers" (issue 24): Chromium browsers fire `beforeinstallprompt` when the app can be installed; it
 * is kept here (from the first moment the module loads) until the reader asks. iOS Safari has no such event: it
 * gets the "Add to Home Screen" hint instead, unless the app already runs installed.
 */
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
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

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

export type InstallOffer = 'prompt' | 'ios-hint' | null;

const snapshot = (): InstallOffer => {
  if (deferred) return 'prompt';
  if (typeof window !== 'undefined' && isIosSafari() && !isStandalone()) return 'ios-hint';
  return null;
};

/** What the account menu can offer: the browser's install prompt, the iOS hint, or nothing. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    () => null,
  );
}

/** Shows the browser's install prompt (once: the event cannot be used again). */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  changed();
  await event.prompt();
}

export const IOS_INSTALL_HINT = 'To install Whispers, tap the Share button, then "Add to Home Screen".';
