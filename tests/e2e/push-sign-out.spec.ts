/**
 * Signing out removes this device's push subscription (docs/security.md, "Push endpoints"; docs/decisions/049-push-bound-to-session-and-counted-in-the-database.md),
 * from every sign-out the client has: the account menu, the profile's "Sign Out" and the signed-in /auth page's.
 * Headless Chromium cannot reach a real push service, so the browser's PushManager is a stand-in (an init script)
 * holding a subscription whose endpoint is on an allowed push service (fcm.googleapis.com) with real keys made
 * here (a P-256 point, a 16-byte secret): the server checks and stores it as a real one, and sends nothing in
 * a test run. The device subscribes through the profile's "Push notifications" switch; after the sign-out the
 * browser's subscription was ended and, asked from another session of the same account, the server no longer
 * has it.
 */
import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpAndSignIn, type RegisteredAccount } from './support/accounts';
import { readerHeaders } from './support/reader-address';

test.use({ serviceWorkers: 'allow', permissions: ['geolocation', 'notifications'] });

interface Device {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

function newDevice(): Device {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomBytes(12).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
}

/**
 * The browser's push subscription, in the page: `subscribe()` makes it, `getSubscription()` returns it until its
 * `unsubscribe()` (reported to the test through `e2ePushUnsubscribed`). Kept in sessionStorage so that it
 * outlives reloads of the tab, as a browser's does.
 */
function stubPushManager(device: Device) {
  const KEY = 'e2e-push-subscription';
  const decode = (text: string) => {
    const raw = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0)).buffer;
  };
  const make = () => ({
    endpoint: device.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    getKey: (name: 'p256dh' | 'auth') => decode(device.keys[name]),
    toJSON: () => ({ endpoint: device.endpoint, expirationTime: null, keys: device.keys }),
    unsubscribe: async () => {
      sessionStorage.removeItem(KEY);
      await (window as unknown as { e2ePushUnsubscribed(endpoint: string): Promise<void> }).e2ePushUnsubscribed(
        device.endpoint,
      );
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function getSubscription() {
    return sessionStorage.getItem(KEY) ? make() : null;
  };
  PushManager.prototype.subscribe = async function subscribe() {
    sessionStorage.setItem(KEY, '1');
    return make();
  };
}

/** Whether the server has this device for the account, asked from a session of its own (another device). */
async function serverHas(request: APIRequestContext, account: RegisteredAccount, device: Device) {
  const headers = readerHeaders();
  const login = await request.post('/api/user/login', {
    data: { username: account.username, password: account.password },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  const status = await request.post('/api/push/subscriptions/status', { data: { endpoint: device.endpoint }, headers });
  expect(status.status()).toBe(200);
  return ((await status.json()) as { subscribed: boolean }).subscribed;
}

/** Signs up, turns push on for this device through the profile's switch, and checks the server has it. */
async function subscribedDevice(page: Page, request: APIRequestContext) {
  const device = newDevice();
  const unsubscribed: string[] = [];
  await page.exposeBinding('e2ePushUnsubscribed', (_source, endpoint: string) => void unsubscribed.push(endpoint));
  await page.addInitScript(stubPushManager, device);
  await page.context().setExtraHTTPHeaders(readerHeaders());
  const account = await signUpAndSignIn(page);
  await page.goto('/setup');
  const push = page.getByRole('switch', { name: 'Push notifications' });
  await expect(push).toHaveAttribute('aria-checked', 'false');
  await push.click();
  await expect(push).toHaveAttribute('aria-checked', 'true');
  expect(await serverHas(request, account, device)).toBe(true);
  return { account, device, unsubscribed };
}

const SIGN_OUTS: Record<string, (page: Page) => Promise<void>> = {
  'the account menu': async (page) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Open account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  },
  "the profile's Sign Out (the sign-out link)": async (page) => {
    await page.getByRole('button', { name: 'Sign Out' }).click();
  },
  "the signed-in /auth page's Sign Out": async (page) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign Out' }).click();
  },
};

for (const [path, signOut] of Object.entries(SIGN_OUTS)) {
  test(`signing out from ${path} ends the browser's push subscription and removes it on the server`, async ({
    page,
    request,
  }) => {
    const { account, device, unsubscribed } = await subscribedDevice(page, request);
    await signOut(page);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    expect((await page.request.get('/api/user/current')).status()).toBe(401);
    // Soft: a run shows both layers, the browser's own subscription and the server's row.
    expect.soft(unsubscribed, "the browser's subscription was ended").toEqual([device.endpoint]);
    expect.soft(await serverHas(request, account, device), 'the server still has the device').toBe(false);
  });
}
