/**
 * A reader's browser talks to Whispers only (docs/security.md, docs/decisions/037-tiles-through-whispers.md): a walk
 * through the app — home with its map, /discover, a story, the AR view, a tour with walk mode, and the same tour
 * offline — records every request the browser makes (pages, scripts, the service worker, tiles, media) and fails on
 * any host other than the app's own. The tile server (the local stub) is reached by the server only.
 */
import { expect, test, type Page } from '@playwright/test';
import { audioWebm, createStoryViaApi, newAuthor, northOf, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';

test.use({ serviceWorkers: 'allow' });

const run = Date.now().toString(36);
// A place of its own, far from every other spec's stories.
const PLACE = { latitude: 31.66, longitude: -81.64 };
const APP = new URL(process.env.E2E_BASE_URL!).host;

let author: Author;
let near: { id: string; title: string };
let tourId: string;

test.beforeAll(async () => {
  author = await newAuthor('leaves');
  near = await createStoryViaApi(
    author,
    { ...northOf(PLACE, 20), title: `Quiet Well ${run}`, type: 'audio', duration: 3 },
    audioWebm(3),
  );
  const second = await createStoryViaApi(author, {
    ...northOf(PLACE, 150),
    title: `Old Oak ${run}`,
    content: 'Under the oak.',
  });
  const third = await createStoryViaApi(author, {
    ...northOf(PLACE, 300),
    title: `Ferry Steps ${run}`,
    content: 'At the steps.',
  });
  const tour = await author.request.post('/api/tours', {
    data: { title: `Riverside ${run}`, storyIds: [near.id, second.id, third.id] },
  });
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

test('home, discover, a story, AR, a tour walked and the tour offline: every request goes to the app', async ({
  context,
  page,
}) => {
  test.setTimeout(180_000);
  const requests: string[] = [];
  // The context sees the pages' requests and the service worker's.
  context.on('request', (request) => requests.push(request.url()));
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation({ ...PLACE, accuracy: 5 });
  await context.grantPermissions(['geolocation', 'accelerometer', 'gyroscope', 'magnetometer']);

  // Home: the map and its tiles, the nearby list.
  await page.goto('/');
  await expect(page.locator('.leaflet-container img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Nearby Whispers' })
      .getByRole('button', { name: new RegExp(`^Quiet Well ${run}`) }),
  ).toBeVisible();

  // The AR view (the fake camera).
  await page.getByRole('button', { name: 'AR View', exact: true }).click();
  const ar = page.getByRole('dialog', { name: 'AR View' });
  await expect(ar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ar).toBeHidden();

  // Discover.
  await page.goto('/discover');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A story (an audio story within reach: its media plays from the app too).
  await page.goto(`/stories/${near.id}`);
  const dialog = page.getByRole('dialog', { name: `Quiet Well ${run}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('audio')).toHaveAttribute('src', /^\/api\/media\//);

  // A tour, walked.
  await page.goto(`/tours/${tourId}`);
  await expect(page.getByRole('heading', { name: `Riverside ${run}` })).toBeVisible();
  await expect(page.locator('.leaflet-container .leaflet-tile-loaded').first()).toBeVisible();
  await page.getByRole('button', { name: 'Walk this tour' }).click();
  await expect(page.getByRole('button', { name: 'Stop walking' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop walking' }).click();

  // Saved for offline: the size first, then the real size once saved.
  const offline = page.getByRole('region', { name: 'Offline' });
  await expect(offline.getByText(/^About \d+ MB: the map along the route and the stops you found$/)).toBeVisible();
  await offline.getByRole('button', { name: 'Save for offline' }).click();
  await expect(offline.getByRole('status')).toHaveText(/^Saved for offline · \d+ MB$/, { timeout: 60_000 });
  await expect(offline.getByRole('button', { name: 'Remove' })).toBeVisible();
  await page.screenshot({ path: '/tmp/m42a-tour-saved-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/m42a-tour-saved-1280.png', fullPage: true });
  const plan = (await (await page.request.get(`/api/tiles/tours/${tourId}`)).json()) as { tiles: string[] };
  const deepTile = plan.tiles.find((url) => url.startsWith('/tiles/17/'))!;

  // The same tour offline, from the service worker: its page, its answer and its saved map.
  await controlled(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: `Riverside ${run}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Stops' }).getByText(`Ferry Steps ${run}`)).toBeVisible();
    expect(await page.evaluate(async (url) => (await fetch(url)).status, deepTile)).toBe(200);
  } finally {
    await context.setOffline(false);
  }

  const http = requests.filter((url) => url.startsWith('http:') || url.startsWith('https:'));
  expect(http.filter((url) => new URL(url).pathname.startsWith('/tiles/')).length).toBeGreaterThan(0);
  const elsewhere = [...new Set(http.filter((url) => new URL(url).host !== APP))];
  expect(elsewhere).toEqual([]);
  // Nothing but http(s), data and blob URLs either (no other scheme reaches out).
  expect(requests.filter((url) => !/^(https?|data|blob):/.test(url))).toEqual([]);
});
