/**
 * docs/decisions/014-phone-round-2.md, "Where a walker still stumbles", at 390×844: a signed-out reader of one's own behind a shared address,
 * lock messages at the edges, a suggestion card that agrees with the page, far distances and places, time zones
 * named generically, AR labels that never cross, and no console noise from Permissions-Policy.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { Story } from '#common/schemas';
import { newAccount, registerViaApi } from './support/accounts';
import { createStoryViaApi, localHHMM, newAuthor, northOf, SAVANNAH, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
// Places of this file's own, on 4-decimal coordinates (the app rounds the reader's fix to 4 decimals).
const EDGE = { latitude: 31.55 + Math.round(Math.random() * 50) / 10_000, longitude: -80.95 };
const ATLANTA = { latitude: 33.749, longitude: -84.388 };
const LONELY = { latitude: 30.9, longitude: -83.3 };

let author: Author;
let atlantaAuthor: Author;
let lonelyAuthor: Author;
let savannahAuthor: Author;
let nearEdge: Story;
let farAndTimed: Story;
let openHere: Story;
let timedHere: Story;
let savannahStory: Story;
let atlantaStory: Story;
let closedWindow: { start: string; end: string };

test.beforeAll(async () => {
  author = await newAuthor('round2');
  closedWindow = { start: localHHMM('America/New_York', 120), end: localHHMM('America/New_York', 180) };
  // 100.3 m north: locked by distance, and sent as 100 m before the fix ("100m", no amount).
  nearEdge = await createStoryViaApi(author, {
    ...northOf(EDGE, 100.3),
    title: `Edge Stone ${run}`,
    category: 'Mystery',
    content: 'A stone at the edge.',
  });
  farAndTimed = await createStoryViaApi(author, {
    ...northOf(EDGE, 150),
    title: `Late Lantern ${run}`,
    category: 'History',
    content: 'A lantern lit late.',
    timeRestriction: 'time_of_day',
    unlockStartTime: closedWindow.start,
    unlockEndTime: closedWindow.end,
  });
  openHere = await createStoryViaApi(author, {
    ...northOf(EDGE, 10),
    title: `Open Gate ${run}`,
    category: 'Nature',
    content: 'The gate is open.',
  });
  timedHere = await createStoryViaApi(author, {
    ...northOf(EDGE, 20),
    title: `Shut Door ${run}`,
    category: 'History',
    content: 'A door shut until evening.',
    timeRestriction: 'time_of_day',
    unlockStartTime: closedWindow.start,
    unlockEndTime: closedWindow.end,
  });
  // Places over 2 km apart need authors of their own (the travel rule).
  savannahAuthor = await newAuthor('round2sav');
  savannahStory = await createStoryViaApi(savannahAuthor, {
    ...SAVANNAH,
    title: `Square Secret ${run}`,
    category: 'History',
    content: 'Under the oaks.',
  });
  atlantaAuthor = await newAuthor('round2atl');
  atlantaStory = await createStoryViaApi(atlantaAuthor, {
    ...ATLANTA,
    title: `Peachtree Note ${run}`,
    category: 'Personal',
    content: 'Read me in Atlanta.',
  });
  lonelyAuthor = await newAuthor('round2own');
  await createStoryViaApi(lonelyAuthor, {
    ...northOf(LONELY, 30),
    title: `Only Mine ${run}`,
    category: 'Personal',
    content: 'Mine.',
  });
});

test.afterAll(async () => {
  await Promise.all([author, atlantaAuthor, lonelyAuthor, savannahAuthor].map((a) => a?.request.dispose()));
});

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
});

const cardOf = (page: Page, story: Story) => page.getByRole('button', { name: new RegExp(`^${story.title}`) });

/** No sideways scrolling: the page is no wider than the screen. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('4. two signed-out browsers behind one address: a share link opened from Atlanta locks neither', async ({
  browser,
}) => {
  const address = readerHeaders();
  const open = async (where: { latitude: number; longitude: number }): Promise<BrowserContext> =>
    browser.newContext({ geolocation: where, permissions: ['geolocation'], extraHTTPHeaders: address });
  const savannahReader = await open(northOf(EDGE, 0));
  const atlantaReader = await open(ATLANTA);
  try {
    const here = await savannahReader.newPage();
    await here.goto('/');
    await expect(cardOf(here, openHere)).toContainText('Unlocked');
    // The reader cookie: signed, HttpOnly, one per browser.
    const cookie = (await savannahReader.cookies()).find((c) => c.name === 'whispers_reader');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const there = await atlantaReader.newPage();
    await there.goto(`/stories/${atlantaStory.id}`);
    const dialog = there.getByRole('dialog', { name: atlantaStory.title });
    await expect(dialog.getByText('Read me in Atlanta.')).toBeVisible();
    await expect(dialog).not.toContainText('Your location jumped');

    // Back in Savannah, at 0 m: still open.
    await here.reload();
    await cardOf(here, openHere).click();
    const mine = here.getByRole('dialog', { name: openHere.title });
    await expect(mine.getByText('The gate is open.')).toBeVisible();
    await expect(mine).not.toContainText('Your location jumped');
  } finally {
    await savannahReader.close();
    await atlantaReader.close();
  }
});

test('8. at the edge of reach the distance never rounds to the limit; every rule that holds a story is said', async ({
  page,
  context,
}) => {
  await context.setGeolocation(EDGE);
  await page.goto('/');
  const edge = cardOf(page, nearEdge);
  await expect(edge).toContainText('101m');
  await expect(edge).toContainText('Walk closer to unlock this story (1 m to go)');
  await expect(edge).not.toContainText('100m');

  const both = cardOf(page, farAndTimed);
  await expect(both).toContainText('Walk closer to unlock this story (50 m to go)');
  // Item 13: the zone named generically, not a city.
  await expect(both).toContainText(`Unlocks ${closedWindow.start} - ${closedWindow.end} (Eastern Time)`);
  await both.click();
  const dialog = page.getByRole('dialog', { name: farAndTimed.title });
  await expect(dialog.getByText('Walk closer to unlock this story')).toBeVisible();
  await expect(dialog.getByText(`Unlocks ${closedWindow.start} - ${closedWindow.end} (Eastern Time)`)).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}/round2-locks-390.png` });
  await page.keyboard.press('Escape');

  // "Read now" counts what the server unlocked: the open gate, not the shut door 20 m away.
  const suggestions = page.getByRole('region', { name: 'Suggestions for you' });
  await expect(suggestions).toContainText('One is close enough to read now.');
  await expect(cardOf(page, timedHere)).toContainText('Unlocks');
});

test('3. an author among only their own stories is not told the territory is uncharted', async ({ page, context }) => {
  await context.addCookies((await lonelyAuthor.request.storageState()).cookies);
  await context.setGeolocation(LONELY);
  await page.goto('/');
  await expect(page.getByRole('button', { name: new RegExp(`^Only Mine ${run}`) }).first()).toBeVisible();
  const suggestions = page.getByRole('region', { name: 'Suggestions for you' });
  await expect(suggestions).toContainText('Only your whispers here');
  await expect(suggestions).not.toContainText('Uncharted territory');
  await page.screenshot({ path: `${SCREENSHOTS}/round2-own-390.png` });
});

test('5. a share link opened far away: km with one decimal, the place by name or an "Open in maps" link', async ({
  page,
  context,
}) => {
  await context.setGeolocation(ATLANTA);
  await page.goto(`/stories/${savannahStory.id}`);
  const dialog = page.getByRole('dialog', { name: savannahStory.title });
  await expect(dialog.getByText(/^\d+\.\d km away$/)).toBeVisible();
  await expect(dialog).not.toContainText(/\d{4,} m away/);
  await expect(dialog.getByText('Historic Savannah District')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/round2-far-390.png` });

  await page.goto(`/stories/${nearEdge.id}`);
  const other = page.getByRole('dialog', { name: nearEdge.title });
  await expect(other.getByText(/^\d+\.\d km away$/)).toBeVisible();
  const maps = other.getByRole('link', { name: /Open in maps/ });
  await expect(maps).toHaveAttribute('href', /google\.com\/maps\/search/);
  await expect(maps).toHaveAttribute('target', '_blank');
});

test('6. a liked story shows as on and the like can be taken back; a locked one offers no Like and says why', async ({
  page,
  context,
}) => {
  await context.setGeolocation(EDGE);
  await registerViaApi(page.request, newAccount('liker'));
  await page.goto(`/stories/${openHere.id}`);
  const dialog = page.getByRole('dialog', { name: openHere.title });
  const like = dialog.getByRole('button', { name: /^Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');
  await expect(like).toBeEnabled();
  await page.screenshot({ path: `${SCREENSHOTS}/round2-liked-390.png` });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText('0');

  await page.goto(`/stories/${nearEdge.id}`);
  const locked = page.getByRole('dialog', { name: nearEdge.title });
  await expect(locked.getByText('Unlock this story to like it')).toBeVisible();
  await expect(locked.getByRole('button', { name: /^Like/ })).toHaveCount(0);
});

test('11. /discover-simple "View Story" keeps the preview and opens the story itself', async ({ page, context }) => {
  await context.setGeolocation(EDGE);
  await page.goto('/discover-simple');
  const view = page.getByRole('button', { name: /^View Story: / }).first();
  const title = (await view.getAttribute('aria-label'))!.replace(/^View Story: /, '');
  await view.click();
  const preview = page.getByRole('dialog', { name: title });
  await expect(preview.getByTestId('simple-preview')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'OK' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/round2-simple-390.png` });
  await preview.getByRole('link', { name: 'Open Story' }).click();
  await expect(page).toHaveURL(/\/stories\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await expect(page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Share' })).toBeVisible();
});

test('15. no navigation logs a Permissions-Policy complaint', async ({ page, context }) => {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/Unrecognized feature|Permissions-Policy/i.test(message.text())) complaints.push(message.text());
  });
  await context.setGeolocation(EDGE);
  for (const path of ['/', '/discover', '/discover-simple', '/auth']) {
    await page.goto(path);
    await page.waitForLoadState('load');
  }
  expect(complaints).toEqual([]);
});

test('the changed home screen at 320 px (no sideways scroll) and 1280 px, for the eye', async ({ page, context }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await context.setGeolocation(EDGE);
  await page.goto('/');
  await expect(cardOf(page, farAndTimed)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/round2-home-320.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/round2-home-1280.png` });
});
