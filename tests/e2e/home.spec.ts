/**
 * Home screen (docs/design.md, part 2): signed-out tabs and toasts, the map with stub tiles and story markers
 * (clustered, fetched by viewport), cards opening the detail, the empty states, My Stories, and axe checks.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts';
import { createStoryViaApi, newAuthor, northOf, SAVANNAH, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';

// One worker runs the whole file, so beforeAll seeds the stories once.
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
// A place of its own (no other test seeds stories here), so lists and markers are exactly ours.
const PLACE = { latitude: 31.95, longitude: -81.32 };
const EMPTY_PLACE = { latitude: 31.2, longitude: -82.4 };
let author: Author;
// A second and third author for the far stories: one author cannot place stories kilometres apart in the same
// minute (a story is placed at most 200 m from its author's fix, docs/security.md, "Location: a position is a claim").
let farAuthor: Author;
let clusterAuthor: Author;
let near: { id: string; title: string };
let far: { id: string; title: string };

test.beforeAll(async () => {
  author = await newAuthor('home');
  near = await createStoryViaApi(author, {
    ...northOf(PLACE, 40),
    title: `Moss Lantern ${run}`,
    category: 'Nature',
    content: 'Moss grows in the shape of a lantern here.',
    timeRestriction: 'none',
  });
  farAuthor = await newAuthor('home-far');
  clusterAuthor = await newAuthor('home-cluster');
  far = await createStoryViaApi(farAuthor, {
    // 1.2 km: inside the 1.5 km list, locked, and far enough (~75 px at zoom 13) not to cluster with `near`.
    ...northOf(PLACE, 1_200),
    title: `Quiet Dock ${run}`,
    category: 'Mystery',
    description: 'Listen for the rope.',
    content: 'The dock creaks even without wind.',
  });
  // A tight group ~2.5 km away: one cluster marker at zoom 13.
  for (let i = 0; i < 4; i++) {
    await createStoryViaApi(clusterAuthor, {
      ...northOf(PLACE, 2_500 + i * 15),
      title: `Cluster ${i} ${run}`,
      category: 'Horror',
      content: 'Boo.',
    });
  }
});

test.afterAll(async () => {
  await author?.request.dispose();
  await farAuthor?.request.dispose();
  await clusterAuthor?.request.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('signed out: header, tabs, Mystery Mode and the Account Required toasts', async ({ page, context }) => {
  await context.setGeolocation(EMPTY_PLACE);
  await page.goto('/');
  await expect(page.getByText('Whispers', { exact: true })).toBeVisible();
  for (const name of ['Explore/Map', 'AR View', 'My Stories', 'Create']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Discover', exact: true })).toHaveAttribute('href', '/discover');
  await expect(page.getByRole('heading', { name: 'Nearby Whispers' })).toBeVisible();
  await expect(page.getByText('Stories unlocked within 1.5km of your location')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/discover?view=list');
  await expect(page.getByRole('group', { name: 'Filter by category' }).getByRole('button').first()).toHaveText('All');
  await expect(page.getByRole('heading', { name: 'Mystery Mode Active' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In to Create' })).toBeVisible();
  // The hint sits in the page's flow, so it never sits on text (docs/design.md, rule 13): shown.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByText('Tap + to Create Story')).toBeVisible();
  await page.screenshot({ path: '/tmp/d1-home-signed-out.png', fullPage: true });

  await page.getByRole('button', { name: 'My Stories', exact: true }).click();
  await expect(page.getByText('Account Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please sign in to view your personal stories.', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Please sign in to create and share your own stories.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create Story' }).click();
  await expect(page.getByText('Please sign in to create and share your own stories.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the map shows stub tiles, the reader and story markers; markers and cards open the detail', async ({
  page,
  context,
}) => {
  await context.setGeolocation(PLACE);
  const viewportReads: string[] = [];
  page.on('request', (req) => req.url().includes('/api/stories/map?bbox=') && viewportReads.push(req.url()));
  // The map reads markers as columns (decisions 024, 025): no title, card text, content or media; the dialog
  // fetches the story on open.
  // A read the map superseded while it panned is aborted before its body arrives: it has no answer to check.
  const markerAnswers: Promise<Record<string, unknown[]> | null>[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/stories/map?bbox=') && res.ok())
      markerAnswers.push((res.json() as Promise<Record<string, unknown[]>>).catch(() => null));
  });
  await page.goto('/');

  // Tiles come from the app's own origin at zoom 13 and really load; the server fetched them from TILE_URL (the
  // local stub standing in for the tile server), the browser never did (docs/decisions/037-tiles-through-whispers.md).
  const tile = page.locator('img.leaflet-tile').first();
  await expect(tile).toHaveAttribute('src', /^\/tiles\/13\/\d+\/\d+\.png$/);
  await expect(page.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await expect
    .poll(async () => (await (await fetch(`${process.env.E2E_TILE_URL}/__count`)).json()).requests)
    .toBeGreaterThan(0);
  await expect(page.getByText(/OpenStreetMap/)).toBeVisible();
  const reader = page.locator('.leaflet-marker-icon[title="Your location"]');
  await expect(reader).toBeVisible();
  // The spec's 20 px dot, inside the 24 px target WCAG 2.2 asks of anything clickable.
  expect(
    await reader.evaluate((el) => [
      el.getBoundingClientRect().width,
      el.firstElementChild!.getBoundingClientRect().width,
    ]),
  ).toEqual([24, 20]);

  const nearMarker = page.locator(`.leaflet-marker-icon[title="${near.title}"]`);
  await expect(nearMarker).toBeVisible();
  await expect(page.locator(`.leaflet-marker-icon[title="${far.title}"]`)).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon[title="4 stories"]')).toBeVisible();
  expect(viewportReads.length).toBeGreaterThan(0);
  expect(viewportReads.every((url) => !url.includes('view=full'))).toBe(true);
  const answers = (await Promise.all(markerAnswers)).filter((columns) => columns !== null);
  expect(answers.some((columns) => (columns.id?.length ?? 0) > 0)).toBe(true);
  for (const columns of answers) {
    expect(Object.keys(columns).sort()).toEqual([
      'category',
      'distance',
      'id',
      'isLocked',
      'latitude',
      'lockReason',
      'longitude',
      'timeRestriction',
      'type',
    ]);
  }
  await page.screenshot({ path: '/tmp/d1-home-map.png' });

  // A marker: popup with title, category, type and distance, and the detail dialog.
  await nearMarker.click();
  const dialog = page.getByRole('dialog', { name: near.title });
  await expect(dialog.getByText('Moss grows in the shape of a lantern here.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.leaflet-popup')).toContainText(near.title);
  await expect(page.locator('.leaflet-popup')).toContainText('Nature');
  await expect(page.locator('.leaflet-popup')).toContainText(/\d+m/);

  // Cards: the near one unlocked, the far one (600 m) locked and dimmed.
  const nearby = page.getByRole('region', { name: 'Nearby Whispers' });
  const nearCard = nearby.getByRole('button', { name: new RegExp(`^${near.title}`) });
  const farCard = nearby.getByRole('button', { name: new RegExp(`^${far.title}`) });
  await expect(farCard).toContainText('Walk closer to unlock this story');
  await expect(farCard).toContainText('Listen for the rope.');
  await expect(nearCard).toContainText('No description available');
  await expect(nearCard).not.toContainText('Walk closer');
  await farCard.click();
  await expect(
    page.getByRole('dialog', { name: far.title }).getByText('Walk closer to unlock this story'),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // Category chips filter the list.
  const chips = nearby.getByRole('group', { name: 'Filter by category' });
  await chips.getByRole('button', { name: /Mystery$/ }).click();
  await expect(farCard).toBeVisible();
  await expect(nearCard).toHaveCount(0);
  // ...and the map (the Horror cluster disappears), until "All" again.
  await expect(page.locator('.leaflet-marker-icon[title="4 stories"]')).toHaveCount(0);
  await chips.getByRole('button', { name: 'All', exact: true }).click();
  await expect(nearCard).toBeVisible();

  // A cluster zooms in to its stories; panning fetches the new viewport.
  const before = viewportReads.length;
  // With the keyboard: 2.5 km north, the cluster sits at the map's top edge, under "Jump to a place" at 390 px.
  await page.locator('.leaflet-marker-icon[title="4 stories"]').focus();
  await page.keyboard.press('Enter');
  // Zoomed to where the group starts to split: at least one of its stories has its own marker now, named by its
  // kind and category (2.5 km away, it is in no list of the page that would give its title).
  await expect(page.locator('.leaflet-marker-icon[title="Text story · Horror"]').first()).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon[title="4 stories"]')).toHaveCount(0);
  await expect.poll(() => viewportReads.length).toBeGreaterThan(before);
});

test('signed in without nearby stories: the welcome states and My Stories', async ({ page, context }) => {
  await context.setGeolocation(EMPTY_PLACE);
  const account = await registerViaApi(page.request, newAccount('mine'));
  await page.goto('/');
  await expect(page.getByText('Ready to leave your first whisper?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Your First Whisper' })).toBeVisible();

  await page.goto('/my-stories');
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No stories yet' })).toBeVisible();
  await expect(page.getByText('Start creating your first story to share with the world!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Your First Story' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // One story of their own, placed where they stand (a story goes at most 200 m from its author's fix, docs/security.md, "Location: a position is a claim");
  // then they walk 1.8 km on, out of the 1.5 km list: welcome back on /, a card (no distance) on /my-stories.
  const res = await page.request.post('/api/stories', {
    multipart: {
      title: `My Oak ${run}`,
      category: 'Personal',
      type: 'text',
      content: 'My own oak.',
      latitude: String(EMPTY_PLACE.latitude),
      longitude: String(EMPTY_PLACE.longitude),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await context.setGeolocation(northOf(EMPTY_PLACE, 1_800));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.displayName}!` })).toBeVisible();
  await expect(
    page.getByText(
      "You've created 1 whisper(s). No stories are unlocked at your current location - travel to discover more!",
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'My Stories', exact: true }).click();
  await expect(page).toHaveURL(/\/my-stories$/);
  await expect(page.getByRole('heading', { name: /Your Stories/ })).toContainText('1');
  const card = page
    .getByRole('region', { name: /Your Stories/ })
    .getByRole('button', { name: new RegExp(`^My Oak ${run}`) });
  await expect(card).toBeVisible();
  await expect(card).not.toContainText(/\d+m\b/);
  await page.screenshot({ path: '/tmp/d1-my-stories.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await card.click();
  await expect(page.getByRole('dialog', { name: `My Oak ${run}` })).toBeVisible();
});

test('axe finds no serious or critical issue on / (with stories and markers)', async ({ page, context }) => {
  await context.setGeolocation(PLACE);
  await page.goto('/');
  await expect(page.locator(`.leaflet-marker-icon[title="${near.title}"]`)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Nearby Whispers' }).getByRole('button', { name: new RegExp(`^${near.title}`) }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Markers are keyboard reachable: focus + Enter opens the story.
  await page.locator(`.leaflet-marker-icon[title="${near.title}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: near.title })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/d1-home-desktop.png', fullPage: true });
});

test('the AR view lists nearby stories over the camera and closes', async ({ page, context }) => {
  await context.setGeolocation(PLACE);
  await page.goto('/');
  await page.getByRole('button', { name: 'AR View', exact: true }).click();
  const ar = page.getByRole('dialog', { name: 'AR View' });
  await expect(ar.getByRole('button', { name: new RegExp(near.title) })).toBeVisible();
  await expect.poll(() => ar.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await ar.getByRole('button', { name: 'Close AR View' }).click();
  await expect(ar).toHaveCount(0);
});

test('geolocation denied: the error is shown, stories around the default centre are listed locked', async ({
  browser,
}) => {
  // A story right at the default centre, where a reader without a position is shown around.
  const centreAuthor = await newAuthor('home-centre');
  const atCentre = await createStoryViaApi(centreAuthor, {
    ...northOf(SAVANNAH, 20),
    title: `Square Bench ${run}`,
    content: 'Sit.',
  });
  await centreAuthor.request.dispose();
  const context = await browser.newContext({ permissions: [], extraHTTPHeaders: readerHeaders() });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByText('User denied the request for Geolocation.', { exact: false })).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon[title="Your location"]')).toBeVisible();
  // An unknown place never unlocks (docs/security.md, "Location: a position is a claim"): the list is an area to look at, every card says why.
  await expect(page.getByRole('status').filter({ hasText: 'Turn on location to unlock stories' })).toBeVisible();
  // The card (its name starts with the title and goes on), not the map marker (named by the title alone).
  const card = page.getByRole('button', { name: new RegExp(`^${atCentre.title}\\s`) });
  await expect(card).toContainText('Turn on location to unlock stories');
  await expect(card).toContainText('Locked');
  await page.screenshot({ path: '/tmp/loc-denied-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/loc-denied-1280.png' });
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('signed in: Create and the + button both ask for location without a position (never the default centre)', async ({
  browser,
}) => {
  const context = await browser.newContext({ permissions: [], extraHTTPHeaders: readerHeaders() });
  const page = await context.newPage();
  await registerViaApi(page.request, newAccount('maker'));
  await page.goto('/');
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect
    .poll(() => alerts)
    .toEqual(['Location access is required to create stories. Please enable location permissions and try again.']);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Create Story' }).click();
  await expect.poll(() => alerts).toHaveLength(2);
  expect(alerts[1]).toBe(
    'Location access is required to create stories. Please enable location permissions and try again.',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.close();
});
