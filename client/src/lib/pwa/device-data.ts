/**
 * What this device keeps of the signed-in person (docs/design.md, rule 16): the service worker's answer and media
 * caches, the story draft kept offline (offline-drafts.ts), and this device's push subscription. Sign-out and account deletion call `forgetThisDevice()`, so the
 * next person on the device sees none of it and gets none of the previous person's pushes.
 */
import { apiPath } from '#common/api/routes';
import { PERSONAL_CACHES } from './cache-names';
import { deleteAllDrafts } from './offline-drafts';

/** This device's push subscription, when the browser has one (no service worker or push: none). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Stops this device's pushes for the signed-in user (call while still signed in) and ends the browser's
 * subscription. Best effort: a failure here must not keep anyone signed in.
 */
export async function unsubscribeThisDevice(): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    // A plain fetch, not callApi: nothing here may throw or wait (sign-out goes on whatever happens).
    await fetch(apiPath('pushUnsubscribe'), {
      method: 'DELETE',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // nothing more to do: the server also drops subscriptions the push service reports gone
  }
}

/** Deletes every cached personal answer and media file on this device. */
async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)));
}

/** Sign-out / account deletion: push first (it needs the session), then the caches. */
export async function forgetThisDevice(options: { signedIn: boolean }): Promise<void> {
  if (options.signedIn) await unsubscribeThisDevice();
  else {
    const subscription = await currentPushSubscription().catch(() => null);
    await subscription?.unsubscribe().catch(() => false);
  }
  await Promise.all([clearPersonalCaches(), deleteAllDrafts().catch(() => undefined)]);
}
