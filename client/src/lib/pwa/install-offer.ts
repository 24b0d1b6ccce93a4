/**
 * "Install Whispers" (docs/decisions/015-installable-offline-push.md): what the account menu offers — the browser's install prompt that
 * install-prompt.ts kept, or, on iOS Safari (no such event), the "Add to Home Screen" hint unless the app already
 * runs installed. Loads with the account menu's dropdown, not with the page (bench/README.md).
 */
import { useSyncExternalStore } from 'react';
import { translate } from '#client/lib/i18n/i18n';
import { installEvent, subscribeToInstallEvent, takeInstallEvent } from './install-prompt';

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as { standalone?: boolean }).standalone === true
  );
}

function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

export type InstallOffer = 'prompt' | 'ios-hint' | null;

const snapshot = (): InstallOffer => {
  if (installEvent()) return 'prompt';
  if (typeof window !== 'undefined' && isIosSafari() && !isStandalone()) return 'ios-hint';
  return null;
};

/** What the account menu can offer: the browser's install prompt, the iOS hint, or nothing. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribeToInstallEvent, snapshot, () => null);
}

/** Shows the browser's install prompt (once: the event cannot be used again). */
export async function promptInstall(): Promise<void> {
  await takeInstallEvent()?.prompt();
}

/** The hint in the reader's language (English: 'To install Whispers, tap the Share button, then "Add to Home Screen".'). */
export const iosInstallHint = () => translate('lib.iosInstallHint');
