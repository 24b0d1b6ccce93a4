/**
 * A session that ends anywhere leaves nothing personal in the installed app's caches (docs/security.md, "Session
 * end clears the device"): with the service worker in charge, the reader reads a private story of their own and
 * who they are; then the session ends without the app's own sign-out — the sign-out link navigated to, or the
 * account deleted from another device — and offline, neither answer comes back from a cache.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpAndSignIn, type RegisteredAccount } from './support/accounts';
import { readerHeaders } from './support/reader-address';

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

// A place of its own: no other spec seeds stories here.
const PLACE = { latitude: 30.97, longitude: -83.28 };
const SECRET = 'The spare key hangs behind the blue shutter.';

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation(PLACE);
});

async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Signs up in the page, writes a private story where the reader stands, reads it and who is signed in, kept. */
async function signedInWithKeptAnswers(page: Page): Promise<{ account: RegisteredAccount; storyPath: string }> {
  const account = await signUpAndSignIn(page);
  await page.goto('/');
  await controlled(page);
  const here = await page.request.get(`/api/stories/discoverable/${PLACE.latitude}/${PLACE.longitude}`);
  expect(here.status()).toBe(200);
  const created = await page.request.post('/api/stories', {
    multipart: {
      title: `Blue Shutter ${Date.now().toString(36)}`,
      category: 'Mystery',
      type: 'text',
      content: SECRET,
      latitude: String(PLACE.latitude),
      longitude: String(PLACE.longitude),
      isPublic: 'false',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const storyPath = `/api/stories/${(await created.json()).id}`;
  const read = await page.evaluate(async (path) => {
    const [story, me] = await Promise.all([fetch(path), fetch('/api/user/current')]);
    return { story: await story.text(), me: await me.text() };
  }, storyPath);
  expect(read.story).toContain(SECRET);
  expect(read.me).toContain(account.email);
  // Both answers are kept for offline use.
  await expect
    .poll(() =>
      page.evaluate(
        async (path) =>
          Boolean((await caches.match(path, { ignoreSearch: true })) && (await caches.match('/api/user/current'))),
        storyPath,
      ),
    )
    .toBe(true);
  return { account, storyPath };
}

/** Offline: what each answer is now (0 when the fetch fails: no cache had it). */
async function offlineAnswers(page: Page, storyPath: string) {
  return page.evaluate(async (path) => {
    const status = (url: string) =>
      fetch(url).then(
        (res) => res.status,
        () => 0,
      );
    return { story: await status(path), me: await status('/api/user/current') };
  }, storyPath);
}

test('the sign-out link navigated to: offline, the private story and who was signed in come from no cache', async ({
  page,
  context,
}) => {
  const { storyPath } = await signedInWithKeptAnswers(page);
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/auth$/);
  await context.setOffline(true);
  try {
    const offline = await offlineAnswers(page, storyPath);
    expect(offline.story).not.toBe(200);
    expect(offline.me).not.toBe(200);
  } finally {
    await context.setOffline(false);
  }
});

test('the account deleted from another device: once this device hears so, offline nothing personal answers', async ({
  page,
  context,
  browser,
}) => {
  const { account, storyPath } = await signedInWithKeptAnswers(page);
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const signIn = await elsewhere.request.post('/api/user/login', {
      data: { username: account.username, password: account.password },
    });
    expect(signIn.status()).toBe(200);
    const deleted = await elsewhere.request.delete('/api/account', { data: { password: account.password } });
    expect(deleted.status()).toBe(200);
  } finally {
    await elsewhere.close();
  }
  // This device asks who is signed in (as the app does on its next load) and hears that nobody is.
  expect(await page.evaluate(() => fetch('/api/user/current').then((res) => res.status))).toBe(401);
  await context.setOffline(true);
  try {
    const offline = await offlineAnswers(page, storyPath);
    expect(offline.story).not.toBe(200);
    expect(offline.me).not.toBe(200);
  } finally {
    await context.setOffline(false);
  }
});
