/**
 * Discovery screens (docs/design.md, part 2, docs/decisions/006-discovery-status-follows-the-server.md): /discover (tiles, counts, filters, map/list toggle, status lines
 * and colours, distances, Navigate, the Savannah label and fallback, failure and Refresh, opening a story) and
 * /discover-simple (paging through the Link header on scroll, virtualised grid, View Story dialog, empty texts,
 * failure, timeout and Try Again), with axe checks and screenshots at phone and desktop sizes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { createStoryViaApi, newAuthor, northOf, SAVANNAH, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';
import { card, ourPagesOnly, scrollToCard } from './support/discover';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
// A place of its own, far (> 50 km map radius) from every other spec's stories: lists and counts are exactly ours.
const PLACE = { latitude: 34.7465, longitude: -92.2896 };
const PLACE_ZONE = 'America/Chicago';
let author: Author;
let savannahAuthor: Author;
const titles = {
  near: `Lantern Porch ${run}`,
  far: `Distant Bell ${run}`,
  open: `Night Ferry ${run}`,
  closed: `Shut Gate ${run}`,
  weather: `Rain Song ${run}`,
  season: `Leaf Fall ${run}`,
  mid: `Old Mill ${run}`,
  savannah: `Square Oak ${run}`,
};

/** "HH:MM" of the story's local clock `offsetMinutes` from now (the server reads windows in the story's zone). */
function localHHMM(offsetMinutes: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: PLACE_ZONE,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const minutes = (((get('hour') * 60 + get('minute') + offsetMinutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
// Open now and (except between 01:00 and 02:00 local) across midnight: from an hour ago, the long way round, to two hours ago.
const openWindow = { start: localHHMM(-60), end: localHHMM(-120) };
// Closed now: opens in two hours.
const closedWindow = { start: localHHMM(120), end: localHHMM(180) };

test.beforeAll(async () => {
  author = await newAuthor('discover');
  const story = (fields: Parameters<typeof createStoryViaApi>[1]) => createStoryViaApi(author, fields);
  await story({
    ...northOf(PLACE, 40),
    title: titles.near,
    category: 'Mystery',
    content: `The porch lantern hums. ${'x'.repeat(150)}`,
  });
  await story({
    ...northOf(PLACE, 30),
    title: titles.open,
    category: 'History',
    content: 'The ferry runs at night.',
    timeRestriction: 'time_of_day',
    unlockStartTime: openWindow.start,
    unlockEndTime: openWindow.end,
  });
  await story({
    ...northOf(PLACE, 50),
    title: titles.closed,
    category: 'Horror',
    content: 'SECRET-GATE-CONTENT',
    description: 'A gate that opens later.',
    timeRestriction: 'time_of_day',
    unlockStartTime: closedWindow.start,
    unlockEndTime: closedWindow.end,
  });
  await story({
    ...northOf(PLACE, 60),
    title: titles.weather,
    category: 'Nature',
    content: 'Rain.',
    timeRestriction: 'weather',
    unlockWeather: 'rainy',
  });
  await story({
    ...northOf(PLACE, 70),
    title: titles.season,
    category: 'Nature',
    content: 'Leaves.',
    timeRestriction: 'season',
    unlockSeason: 'winter',
  });
  // The author walks outwards (creation is judged against where they stand: docs/security.md, "Location: a position is a claim"), so the far one goes last.
  await story({ ...northOf(PLACE, 800), title: titles.mid, category: 'Romance', content: 'A mill wheel.' });
  await story({ ...northOf(PLACE, 2_400), title: titles.far, category: 'Mystery', content: 'A bell rings far away.' });
  // Savannah is another city: a story there has an author of its own (the travel rule).
  savannahAuthor = await newAuthor('discover-sav');
  await createStoryViaApi(savannahAuthor, {
    ...SAVANNAH,
    title: titles.savannah,
    category: 'History',
    content: 'SECRET-OAK-CONTENT',
    description: 'An oak on the square.',
  });
});

// Every browser context is a reader of its own (docs/security.md, "Location: a position is a claim" keeps a visitor's claims per address).
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
});

test.afterAll(async () => {
  await author?.request.dispose();
  await savannahAuthor?.request.dispose();
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const tile = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Filter by category' })
    .getByRole('button', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

test.describe('/discover with the reader at the place', () => {
  test.use({ geolocation: PLACE });

  test('tiles, counts, toggles, filters, status lines, distances, Navigate and the story dialog', async ({ page }) => {
    await page.goto('/discover');
    await expect(page.getByRole('heading', { name: 'Discover Stories' })).toBeVisible();
    await expect(page.getByText('Stories around your location, nearest first.')).toBeVisible();
    // Counts: 7 stories here (the Savannah one is ~1,000 km away).
    await expect(tile(page, 'All')).toHaveAccessibleName('All (7)');
    await expect(tile(page, 'Mystery')).toHaveAccessibleName('Mystery (2)');
    await expect(tile(page, 'Nature')).toHaveAccessibleName('Nature (2)');
    await expect(tile(page, 'Fantasy')).toHaveAccessibleName('Fantasy (0)');
    for (const label of [
      'Unlocked: available to you now',
      'Locked: outside its time window, or travel required',
      'Weather lock: unlocks in certain weather',
      'Season lock: available in one season',
    ]) {
      await expect(page.getByText(label)).toBeVisible();
    }

    // Map view first: the home map (about 24rem) with the reader marker.
    await expect(page.getByRole('button', { name: 'Map View' })).toHaveAttribute('aria-pressed', 'true');
    const map = page.locator('.leaflet-container');
    await expect(map).toBeVisible();
    expect(Math.round((await map.boundingBox())!.height)).toBe(384);
    await expect(page.locator('.leaflet-marker-icon[title="Your location"]')).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
    await page.screenshot({ path: '/tmp/discover-map-390.png', fullPage: true });

    await page.getByRole('button', { name: 'List View' }).click();
    await expect(page).toHaveURL(/\/discover\?view=list$/);
    await expect(page.getByRole('button', { name: 'List View' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('7 stories', { exact: true })).toBeVisible();
    // Virtualised: on a phone screen only the cards near the viewport are in the DOM.
    await expect(page.getByTestId('discover-card').first()).toBeVisible();
    expect(await page.getByTestId('discover-card').count()).toBeLessThan(7);
    await page.getByTestId('discover-card').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/discover-list-390.png' });
    // A tall window holds every card at once for the checks below.
    await page.setViewportSize({ width: 390, height: 2600 });
    await expect(page.getByTestId('discover-card')).toHaveCount(7);

    // Status lines (docs/design.md, part 4) and their colours.
    const status = async (title: string, text: string, colour: string) => {
      const line = card(page, title).locator('[data-status-colour]');
      await expect(line).toHaveText(text);
      await expect(line).toHaveAttribute('data-status-colour', colour);
    };
    await status(titles.near, 'Always available', 'green');
    await status(titles.open, `Available now (${openWindow.start} - ${openWindow.end})`, 'green');
    // The window is read on the story's clock, which the sentence names (docs/design.md, rule 13).
    await status(titles.closed, `Unlocks ${closedWindow.start} - ${closedWindow.end} (Central Time)`, 'yellow');
    await status(titles.weather, 'Unlocks during rainy weather', 'blue');
    await status(titles.season, 'Available in winter', 'orange');
    // Far away: no time rule, but locked by distance, so not green.
    await status(titles.far, 'Always available', 'yellow');

    // Distances (metres under 1 km, else km with one decimal), badges, preview, author, type, coordinates.
    const near = card(page, titles.near);
    await expect(near).toContainText('40m away');
    await expect(near).toContainText('Ready to discover!');
    await expect(near).toContainText(author.account.displayName);
    await expect(near).toContainText('Mystery');
    await expect(near).toContainText('Text');
    await expect(near).toContainText(`The porch lantern hums. ${'x'.repeat(96)}...`);
    await expect(near).toContainText(`${northOf(PLACE, 40).latitude.toFixed(4)}, ${PLACE.longitude.toFixed(4)}`);
    await expect(card(page, titles.mid)).toContainText('800m away');
    await expect(card(page, titles.mid)).toContainText('Travel required');
    await expect(card(page, titles.far)).toContainText('2.4km away');
    await expect(card(page, titles.far)).toContainText('Travel required');
    await expect(card(page, titles.far)).not.toContainText('Ready to discover!');
    // Locked by its window: near, but not ready, and its content never arrives.
    await expect(card(page, titles.closed)).not.toContainText('Ready to discover!');
    await expect(card(page, titles.closed)).toContainText('Discover this mystical story...');
    await expect(page.getByText('SECRET-GATE-CONTENT')).toHaveCount(0);

    const navigate = near.getByRole('link', { name: /^Navigate/ });
    const nearPoint = northOf(PLACE, 40);
    await expect(navigate).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${nearPoint.latitude},${nearPoint.longitude}`,
    );
    await expect(navigate).toHaveAttribute('target', '_blank');
    await expect(navigate).toHaveAttribute('rel', 'noopener noreferrer');

    // Tiles toggle the filter; "All" resets.
    await tile(page, 'Nature').click();
    await expect(tile(page, 'Nature')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('discover-card')).toHaveCount(2);
    await tile(page, 'Nature').click();
    await expect(page.getByTestId('discover-card')).toHaveCount(7);
    await tile(page, 'Romance').click();
    await expect(page.getByTestId('discover-card')).toHaveCount(1);
    await tile(page, 'All').click();
    await expect(page.getByTestId('discover-card')).toHaveCount(7);
    // The category overview's "View" buttons.
    await page.getByRole('button', { name: 'View Horror stories' }).click();
    await expect(page.getByTestId('discover-card')).toHaveCount(1);
    await expect(card(page, titles.closed)).toBeVisible();
    // An empty category, then "Show All Categories".
    await tile(page, 'Fantasy').click();
    await expect(page.getByText('No Fantasy stories found. Try selecting a different category.')).toBeVisible();
    await page.getByRole('button', { name: 'Show All Categories' }).click();
    await expect(page.getByTestId('discover-card')).toHaveCount(7);
    expect(await seriousViolations(page)).toEqual([]);

    // A card opens the story detail dialog.
    await near.getByRole('button', { name: titles.near }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: titles.near })).toBeVisible();
    await expect(dialog).toContainText('The porch lantern hums.');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Back to the map; /discover-advanced is the same screen.
    await page.getByRole('button', { name: 'Map View' }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await page.goto('/discover-advanced?view=list');
    await expect(page.getByTestId('discover-card')).toHaveCount(7);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('discover-card').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/discover-list-1280.png' });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("home's View All opens the list view", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 2600 });
    await page.goto('/');
    await page.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL(/\/discover\?view=list$/);
    await expect(page.getByRole('button', { name: 'List View' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('discover-card')).toHaveCount(7);
  });

  test('the map call is retried 3 times, then the failure text; Refresh recovers', async ({ page }) => {
    let calls = 0;
    const fail = (route: Route) => {
      calls++;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    };
    await page.route('**/api/stories/map/**', fail);
    await page.setViewportSize({ width: 390, height: 2600 });
    await page.goto('/discover?view=list');
    await expect(page.getByText('Loading story locations...')).toBeVisible();
    await expect(page.getByText('Failed to load story locations. Please try refreshing the page.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('Failed to load stories', { exact: true })).toBeVisible();
    expect(calls).toBe(4);
    await page.unroute('**/api/stories/map/**', fail);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByTestId('discover-card')).toHaveCount(7);
  });
});

test('/discover without a location: Savannah, said plainly, and nothing ready', async ({ browser }) => {
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 2600 });
  await page.goto('/discover?view=list');
  const note = page.getByRole('status').filter({ hasText: 'Your location is unknown' });
  await expect(note).toContainText('User denied the request for Geolocation.');
  await expect(note).toContainText('stories around Savannah (32.0835, -81.0998), the default location');
  // Other spec files seed stories at the same spot: look for ours down the (virtual) list.
  await expect(page.getByTestId('discover-card').first()).toBeVisible();
  const savannah = await scrollToCard(page, titles.savannah);
  await expect(savannah).toContainText('Historic Savannah District');
  await expect(savannah).toContainText('0m from Savannah centre');
  await expect(savannah.locator('[data-status-colour]')).toHaveAttribute('data-status-colour', 'yellow');
  await expect(savannah).toContainText('Discover this mystical story...');
  await expect(page.getByText('SECRET-OAK-CONTENT')).toHaveCount(0);
  await expect(page.getByText('Ready to discover!')).toHaveCount(0);
  await expect(page.locator('[data-status-colour="green"]')).toHaveCount(0);
  // The map is centred on the default location but shows no "Your location" marker.
  await page.getByRole('button', { name: 'Map View' }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon[title="Your location"]')).toHaveCount(0);
  await context.close();
});

// ---------------------------------------------------------------------------------------------------------
// /discover-simple

test('/discover-simple: cards from every page of the real server, filters, View Story, axe', async ({ page }) => {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/stories/all')) urls.push(request.url());
  });
  await ourPagesOnly(page, 3, [author.account.id, savannahAuthor.account.id]);
  await page.goto('/discover-simple');
  await expect(page.getByRole('heading', { name: 'All Whispers' })).toBeVisible();
  const group = page.getByRole('group', { name: 'Filter by category' });
  await expect(group.getByRole('button')).toHaveText([
    'All',
    'Mystery',
    'Adventure',
    'History',
    'Fantasy',
    'Personal',
    'Romance',
    'Horror',
    'Nature',
    'Science Fiction',
  ]);
  // Pages of 3 follow the Link header until the list fills the screen and, at its end, until the last page.
  await expect(async () => {
    await page.mouse.wheel(0, 3_000);
    await expect(page.getByText(/^Showing 8 stories$/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(urls.filter((url) => url.includes('cursor=')).length).toBeGreaterThanOrEqual(2);
  const gate = page.getByTestId('simple-card').filter({ hasText: titles.closed });
  await gate.scrollIntoViewIfNeeded();
  await expect(gate).toContainText('Time-locked');
  await expect(gate).toContainText('Horror');
  await expect(gate).toContainText('A gate that opens later.');
  // The real distance from the reader (no made-up 1-5 km figure).
  await expect(gate.getByTestId('simple-distance')).toHaveText(/^(\d{1,3}m|\d+\.\dkm)$/);
  await expect(gate).toContainText(`by ${author.account.displayName}`);
  await expect(page.getByText('SECRET-GATE-CONTENT')).toHaveCount(0);
  const near = page.getByTestId('simple-card').filter({ hasText: titles.near });
  await near.scrollIntoViewIfNeeded();
  await expect(near).not.toContainText('Time-locked');
  // Locked (this reader sent no location): no content, no description, so the fallback text.
  await expect(near).toContainText('Discover this whispered story...');

  // View Story: an accessible dialog with title, type, category and the preview the server sent.
  await gate.getByRole('button', { name: `View Story: ${titles.closed}` }).click();
  const dialog = page.getByRole('dialog', { name: titles.closed });
  await expect(dialog).toContainText('Text');
  await expect(dialog).toContainText('Horror');
  await expect(dialog.getByTestId('simple-preview')).toHaveText('A gate that opens later.');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);

  await group.getByRole('button', { name: 'Romance' }).click();
  await expect(page.getByTestId('simple-card')).toHaveCount(1);
  await expect(page.getByText(/^Showing 1 story in Romance$/)).toBeVisible();
  await group.getByRole('button', { name: 'All' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/discover-simple-390.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/discover-simple-1280.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});
