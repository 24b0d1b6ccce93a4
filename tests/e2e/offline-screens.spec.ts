/**
 * Offline, every screen a reader opened shows what it showed then, under the offline line; a screen never opened
 * says so plainly (docs/decisions/052-offline-screens-and-creating.md): My Stories (the author's own stories, a
 * private one included — personal, gone at session end), a tour's page, /discover with its tours near the reader.
 * Screenshots at 390×844 and 1280×800 in /tmp/w54-offline-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { northOf } from './support/stories';
import { readerHeaders } from './support/reader-address';

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

const run = Date.now().toString(36);
// A place of its own: no other spec seeds stories or tours here.
const PLACE = { latitude: 31.53, longitude: -81.64 };
const NOT_OPENED = "You're offline, and this page wasn't opened before.";
const OFFLINE_LINE = /^Offline — showing what you saw at \d\d:\d\d$/;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation(PLACE);
});

/** Waits until a service worker controls the page (the first visit installs it; a reload puts it in charge). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** A text story by the page's account, at `metres` north of PLACE (the author reads the place first, as the app does). */
async function storyHere(page: Page, title: string, metres: number, isPublic = true) {
  const at = northOf(PLACE, metres);
  expect((await page.request.get(`/api/stories/discoverable/${at.latitude}/${at.longitude}`)).status()).toBe(200);
  const res = await page.request.post('/api/stories', {
    multipart: {
      title,
      category: 'History',
      type: 'text',
      content: `${title}: the words under the bench.`,
      latitude: String(at.latitude),
      longitude: String(at.longitude),
      isPublic: String(isPublic),
      timeRestriction: 'none',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function tourOf(page: Page, title: string, storyIds: string[]) {
  const res = await page.request.post('/api/tours', { data: { title, storyIds } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/w54-offline-${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `/tmp/w54-offline-${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('screens opened online show the same content offline with the offline line; one never opened says so', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await signUpAndSignIn(page);
  const first = `Bell Tower ${run}`;
  const second = `Old Well ${run}`;
  const secret = `Diary Page ${run}`;
  const ids = [await storyHere(page, first, 20), await storyHere(page, second, 120)];
  await storyHere(page, secret, 60, false);
  const tourTitle = `Two Squares ${run}`;
  const tourId = await tourOf(page, tourTitle, ids);
  // A tour this device never opens.
  const unopenedId = await tourOf(page, `Never Opened ${run}`, [ids[1]!, ids[0]!]);
  await page.reload();
  await controlled(page);

  // Online: each screen once.
  await page.goto('/my-stories');
  const yours = page.getByRole('region', { name: /Your Stories/ });
  await expect(yours.getByText(first, { exact: true })).toBeVisible();
  await expect(yours.getByText(secret, { exact: true })).toBeVisible();
  await page.goto(`/tours/${tourId}`);
  await expect(page.getByRole('heading', { level: 1, name: tourTitle })).toBeVisible();
  await page.goto('/discover');
  const toursNear = page.getByRole('region', { name: 'Tours near you' });
  await expect(toursNear.getByText(tourTitle)).toBeVisible();

  await context.setOffline(true);
  try {
    // Reloaded offline: each opens from what this device received, under the offline line.
    await page.reload();
    await expect(page.getByText(OFFLINE_LINE)).toBeVisible();
    await expect(toursNear.getByText(tourTitle)).toBeVisible();
    await expect(page.getByText('Failed to load', { exact: false })).toHaveCount(0);
    await shoot(page, 'discover');

    await page.goto('/my-stories');
    await expect(page.getByText(OFFLINE_LINE)).toBeVisible();
    await expect(yours.getByText(first, { exact: true })).toBeVisible();
    await expect(yours.getByText(second, { exact: true })).toBeVisible();
    await expect(yours.getByText(secret, { exact: true })).toBeVisible();
    await expect(page.getByText('Failed to load stories')).toHaveCount(0);
    await shoot(page, 'my-stories');

    await page.goto(`/tours/${tourId}`);
    await expect(page.getByText(OFFLINE_LINE)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: tourTitle })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Stops' }).getByText(second)).toBeVisible();
    await shoot(page, 'tour');

    // Within the app, without a reload (the page already knows it is offline): /discover from the tour's link.
    await page.getByRole('link', { name: 'Discover', exact: true }).first().click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(toursNear.getByText(tourTitle)).toBeVisible();

    // The tour never opened here: said plainly, not "Failed to load the tour".
    await page.goto(`/tours/${unopenedId}`);
    await expect(page.getByText(OFFLINE_LINE)).toBeVisible();
    await expect(page.getByText(NOT_OPENED)).toBeVisible();
    await expect(page.getByText('Failed to load the tour')).toHaveCount(0);
    await shoot(page, 'tour-not-opened');
  } finally {
    await context.setOffline(false);
  }

  // The author's own stories (the private one too) are personal: the session's end takes them off the device.
  const { id: myId } = (await (await page.request.get('/api/user/current')).json()) as { id: string };
  const mine = `/api/stories/user/${myId}`;
  await expect
    .poll(() => page.evaluate(async (path) => Boolean(await caches.match(path, { ignoreSearch: true })), mine))
    .toBe(true);
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/auth$/);
  // No cache on the device holds them any more, and offline nothing answers with them.
  expect(await page.evaluate(async (path) => Boolean(await caches.match(path, { ignoreSearch: true })), mine)).toBe(
    false,
  );
  await context.setOffline(true);
  try {
    const kept = await page.evaluate(
      (path) =>
        fetch(path).then(
          async (res) => (res.ok ? await res.text() : ''),
          () => '',
        ),
      mine,
    );
    expect(kept).not.toContain(secret);
  } finally {
    await context.setOffline(false);
  }
});
