/**
 * Web Push on this device (docs/decisions/015-installable-offline-push.md): the browser's permission and subscription, and the server's record of it.
 * PushManager.subscribe needs the service worker and the server's VAPID key; the server keeps the subscription
 * (POST /api/push/subscriptions) and the user's choice of kinds (/api/push/preferences).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushKind } from '#common/push';
import { callApi } from '#client/lib/api';
import { currentPushSubscription, unsubscribeThisDevice } from '#client/lib/pwa/device-data';

export type PushSupport = 'supported' | 'unsupported';
export type PushPermission = NotificationPermission | 'unsupported';

export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
    ? 'supported'
    : 'unsupported';
}

export function pushPermission(): PushPermission {
  return pushSupport() === 'supported' ? Notification.permission : 'unsupported';
}

/** base64url → bytes, as PushManager.subscribe wants the application server key. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const DEVICE_KEY = ['push', 'device'] as const;
const PREFERENCES_KEY = ['push', 'preferences'] as const;

/** Whether THIS device gets the signed-in user's pushes (the browser subscribed, and the server has it). */
export function useDevicePush() {
  return useQuery({
    queryKey: DEVICE_KEY,
    queryFn: async () => {
      const subscription = await currentPushSubscription();
      if (!subscription) return { subscribed: false };
      return callApi('pushSubscriptionStatus', { body: { endpoint: subscription.endpoint } });
    },
    enabled: pushSupport() === 'supported',
  });
}

/** Turns push on for this device: asks permission, subscribes the browser, tells the server. */
async function enableDevicePush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(permission === 'denied' ? 'denied' : 'dismissed');
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await callApi('pushPublicKey');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  // The browser's JSON types every field optional; a real subscription has them all (the server checks).
  const json = subscription.toJSON();
  const keys = { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
  await callApi('pushSubscribe', { body: { ...json, endpoint: json.endpoint ?? '', keys } });
}

export function useSetDevicePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? enableDevicePush() : unsubscribeThisDevice()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICE_KEY }),
  });
}

export function usePushPreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: () => callApi('pushPreferences') });
}

export function useSetPushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: PushKind[]) => callApi('setPushPreferences', { body: { kinds } }),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
