/**
 * Walk mode offline (docs/decisions/053-walk-mode-offline.md) in Chromium with the service worker and fake
 * geolocation: a tour saved for offline use, opened and walked without signal, still shows the walker, the line to
 * the next stop and the stops' titles; reaching a stop offline unlocks nothing on the device — the page says it will
 * unlock once back online — and the position that waited goes to the server when the signal returns, which then
 * unlocks it. Screenshots at 390×844 and 1280×800 in /tmp/m55-walk-offline-*.png.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { createStoryViaApi, newAuthor, northOf, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';

test.use({ serviceWorkers: 'allow' });

const run = Date.now().toString(36);
// A place of its own, far from every other spec's stories.
const PLACE = { latitude: 31.44, longitude: -81.58 };
const TITLES = ['Salt Shed', 'Net Loft', 'Tide Gauge'].map((title) => `${title} ${run}`);
const STOPS = [0, 150, 300].map((metres) => northOf(PLACE, metres));

let author: Author;
let tourId: string;

test.beforeAll(async () => {
  author = await newAuthor('offline-walk');
  const ids: string[] = [];
  for (const [i, title] of TITLES.entries())
    ids.push((await createStoryViaApi(author, { ...STOPS[i]!, title, content: `Stop ${i + 1} words.` })).id);
  const tour = await author.request.post('/api/tours', { data: { title: `Harbour Walk ${run}`, storyIds: ids } });
  expect(tour.status(), await tour.text()).toBe(201);
  tourId = ((await tour.json()) as { id: string }).id;
});
test.afterAll(async () => author?.request.dispose());

/** Waits until a service worker controls the page (the first visit installs it; a reload puts it in charge). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/m55-walk-offline-${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `/tmp/m55-walk-offline-${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a saved tour walked offline: the stop reached waits for the signal, then the server unlocks it', async ({
  context,
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ ...northOf(PLACE, -250), accuracy: 5 });
  await signUpAndSignIn(page);
  await page.goto(`/tours/${tourId}`);
  await expect(page.getByTestId('tour-progress')).toHaveText('0 of 3 found');
  const offline = page.getByRole('region', { name: 'Offline' });
  await offline.getByRole('button', { name: 'Save for offline' }).click();
  await expect(offline.getByRole('status')).toHaveText(/^Saved for offline · \d+ MB$/, { timeout: 60_000 });
  await controlled(page);
  // Read once more under the service worker, as any later visit would be (the reader's own answer is kept).
  await page.reload();
  await expect(page.getByTestId('tour-progress')).toHaveText('0 of 3 found');

  await context.setOffline(true);
  const stops = page.getByRole('region', { name: 'Stops' }).getByRole('listitem');
  const status = page.getByTestId('walk-offline');
  try {
    // Opened without signal: the tour, its titles and its map come from the device.
    await page.reload();
    await expect(page.getByRole('heading', { name: `Harbour Walk ${run}` })).toBeVisible();
    await expect(stops).toHaveText(TITLES.map((title) => new RegExp(title)));
    await expect(page.locator('.leaflet-container .leaflet-tile-loaded').first()).toBeVisible();

    await page.getByRole('button', { name: 'Walk this tour' }).click();
    await expect(page.getByText('Stop 1 of 3', { exact: true })).toBeVisible();
    // A step (a new fix for the watch), then the line to the next stop, the walker's dot, the position waiting.
    await context.setGeolocation({ ...northOf(PLACE, -240), accuracy: 5 });
    await expect(page.getByTestId('walk-compass')).toHaveText(/^Next stop: 2\d0 m north$/, { timeout: 20_000 });
    await expect(page.locator('.leaflet-container .tour-walker')).toBeVisible();
    await expect(status).toHaveText('Offline — your position will be sent when you’re back online.');

    // At the first stop, still offline: nothing unlocks on the device; the page says when it will.
    await context.setGeolocation({ ...northOf(STOPS[0]!, -5), accuracy: 5 });
    await expect(status).toHaveText('Offline — this stop will unlock when you’re back online.');
    await expect(page.getByTestId('tour-progress')).toHaveText('0 of 3 found');
    await expect(stops.first()).toContainText('Not found yet');
    await expect(page.getByRole('region', { name: 'Whisper found' })).toHaveCount(0);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await shoot(page, 'at-stop');
  } finally {
    await context.setOffline(false);
  }

  // Back online: the position that waited goes through, and the server's answer unlocks the stop.
  await expect(page.getByTestId('tour-progress')).toHaveText('1 of 3 found', { timeout: 20_000 });
  await expect(stops.first()).toContainText('Found');
  await expect(status).toHaveCount(0);
  await expect(page.getByText('Stop 2 of 3', { exact: true })).toBeVisible();
  await shoot(page, 'back-online');
  await page.getByRole('button', { name: 'Stop walking' }).click();
});
