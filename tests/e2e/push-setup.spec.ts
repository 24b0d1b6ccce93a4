/**
 * Push on the account page (docs/decisions/015-installable-offline-push.md) in Chromium: the subscribe flow with the
 * push manager stubbed (headless Chromium reaches no real push service), the kinds chosen, unsubscribing, and what
 * the page says when the browser blocks notifications.
 */
import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { readerHeaders } from './support/reader-address';
import { PUSH_KINDS } from '#common/push';

test.use({ serviceWorkers: 'allow' });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
});

test('turning push on subscribes this device (push manager stubbed), and off unsubscribes it', async ({ page }) => {
  await page.addInitScript(() => {
    let subscription: unknown = null;
    const fake = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-device',
      toJSON: () => ({
        endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-device',
        expirationTime: null,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      }),
      unsubscribe: async () => {
        subscription = null;
        return true;
      },
    };
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => permission });
    Notification.requestPermission = async () => (permission = 'granted');
    PushManager.prototype.getSubscription = async () => subscription as PushSubscription | null;
    PushManager.prototype.subscribe = async () => (subscription = fake) as unknown as PushSubscription;
  });
  await signUpAndSignIn(page);
  await page.goto('/setup');
  const section = page.getByRole('region', { name: 'Push notifications' });
  await expect(section.getByText('Off on this device.', { exact: false })).toBeVisible();
  await section.getByRole('switch', { name: 'Push notifications' }).click();
  await expect(section.getByRole('switch', { name: 'Push notifications' })).toHaveAttribute('aria-checked', 'true');
  await expect(section.getByText('On for this device.', { exact: false })).toBeVisible();
  await expect(section.getByRole('checkbox', { name: 'Likes on my stories' })).toBeChecked();
  const status = await page.request.post('/api/push/subscriptions/status', {
    data: { endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-device' },
  });
  expect(await status.json()).toEqual({ subscribed: true });
  // The box shows the server's answer (it changes once the preference is saved), so click and wait for it.
  await section.getByRole('checkbox', { name: 'Likes on my stories' }).click();
  await expect(section.getByRole('checkbox', { name: 'Likes on my stories' })).not.toBeChecked();
  await expect
    .poll(async () => (await (await page.request.get('/api/push/preferences')).json()).kinds)
    .toEqual(PUSH_KINDS.filter((kind) => kind !== 'story_liked'));
  await page.screenshot({ path: '/tmp/i24-push-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/i24-push-1280.png', fullPage: true });

  await section.getByRole('switch', { name: 'Push notifications' }).click();
  await expect(section.getByRole('switch', { name: 'Push notifications' })).toHaveAttribute('aria-checked', 'false');
  const after = await page.request.post('/api/push/subscriptions/status', {
    data: { endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-device' },
  });
  expect(await after.json()).toEqual({ subscribed: false });
});

test('permission denied: the account page says how to turn notifications back on', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await signUpAndSignIn(page);
  await page.goto('/setup');
  const section = page.getByRole('region', { name: 'Push notifications' });
  await expect(
    section.getByText('Notifications are blocked for Whispers in this browser.', { exact: false }),
  ).toBeVisible();
  await expect(section.getByRole('switch')).toHaveCount(0);
});
