/**
 * docs/design.md, rule 13, "On the phone", at 390×844 (the config's viewport): toasts never on a control, a stack of stories at
 * one spot listed from the map, time locks said as they are, cards of pictures and clips, the first screen's
 * nearest-whisper line and centre-on-me control, long dialogs, unknown story links and 320 px wide screens.
 * Registration and password reset on the phone: phone-auth-forms.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Story } from '#common/schemas';
import { createStoryViaApi, imagePng, localHHMM, newAuthor, northOf, videoMp4, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';
import {
  boxOf,
  expectClear,
  expectNoHorizontalOverflow,
  openToast,
  overlaps,
  seriousViolations,
} from './support/phone-layout';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
// Places of this file's own (no other spec seeds stories there). A retry runs beforeAll again in a new worker:
// the spot moves a little (north, inland) each time so a retry never counts the first attempt's stories.
const SPOT = northOf({ latitude: 31.61, longitude: -80.93 }, Math.round(Math.random() * 3_000));
const STACK = northOf(SPOT, 60);
const LONELY = { latitude: 31.4, longitude: -81.7 };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';

let author: Author;
let stackAuthor: Author;
let farAuthor: Author;
let hillAuthor: Author;
let uphill: Story;
let timeLocked: Story;
let picture: Story;
let clip: Story;
let long: Story;
let lockWindow: { start: string; end: string };

test.beforeAll(async () => {
  author = await newAuthor('phone');
  // Closed for the next two hours, wherever the test runs: the window starts in two hours, story's local time.
  lockWindow = { start: localHHMM('America/New_York', 120), end: localHHMM('America/New_York', 180) };
  timeLocked = await createStoryViaApi(author, {
    ...SPOT,
    title: `Dusk Bell ${run}`,
    category: 'History',
    content: 'The bell rings only at dusk.',
    timeRestriction: 'time_of_day',
    unlockStartTime: lockWindow.start,
    unlockEndTime: lockWindow.end,
  });
  picture = await createStoryViaApi(
    author,
    {
      ...northOf(SPOT, 5),
      title: `Harbour Light ${run}`,
      type: 'image',
      category: 'Nature',
      description: 'A photo of the old harbour light at low tide, with many words in its description.',
    },
    imagePng(),
  );
  clip = await createStoryViaApi(
    author,
    { ...northOf(SPOT, 8), title: `Tide Clip ${run}`, type: 'video', category: 'Personal' },
    videoMp4(3),
  );
  long = await createStoryViaApi(author, {
    ...northOf(SPOT, 12),
    title: `Long Letter ${run}`,
    category: 'Romance',
    description: 'A long letter.',
    content: Array.from(
      { length: 60 },
      (_, i) => `Line ${i + 1} of a letter that goes on and on across the page.`,
    ).join('\n'),
  });
  // 3.2 km north-east of LONELY (2,263 m north and east): the nearest whisper, outside the 1.5 km list.
  farAuthor = await newAuthor('phone-far');
  const north = northOf(LONELY, 2_263);
  await createStoryViaApi(farAuthor, {
    latitude: north.latitude,
    longitude: LONELY.longitude + 2_263 / (111_195 * Math.cos((LONELY.latitude * Math.PI) / 180)),
    title: `Far Beacon ${run}`,
    content: 'Far away.',
  });
  // 1.2 km away (its own marker at zoom 13, ~75 px off): locked by distance alone.
  hillAuthor = await newAuthor('phone-hill');
  uphill = await createStoryViaApi(hillAuthor, {
    ...northOf(SPOT, 1_200),
    title: `Hill Path ${run}`,
    content: 'Up the hill.',
  });
  stackAuthor = await newAuthor('phone-stack');
  for (let i = 0; i < 6; i++) {
    await createStoryViaApi(stackAuthor, {
      ...STACK,
      title: `Stacked ${i} ${run}`,
      category: 'Mystery',
      content: `Stacked story ${i}.`,
    });
  }
});

test.afterAll(async () => {
  await author?.request.dispose();
  await stackAuthor?.request.dispose();
  await farAuthor?.request.dispose();
  await hillAuthor?.request.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
});

test("1. a toast never covers the header, the tabs, the + button or an open dialog's title and close button", async ({
  page,
  context,
}) => {
  await context.setGeolocation(SPOT);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
    { width: 320, height: 640 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByRole('button', { name: new RegExp(`^Dusk Bell ${run}`) })).toBeVisible();
    const header = page.locator('header');
    const controls = [
      header.getByRole('link', { name: 'Sign In' }),
      header.getByRole('link', { name: /Whispers/ }),
      ...['Explore/Map', 'AR View', 'My Stories', 'Create'].map((name) =>
        page.getByRole('button', { name, exact: true }),
      ),
      page.getByRole('link', { name: 'Discover', exact: true }),
      page.getByRole('button', { name: 'Create Story' }),
    ];
    await page.getByRole('button', { name: 'My Stories', exact: true }).click();
    await expect(openToast(page)).toContainText('Account Required');
    await expectClear(openToast(page), controls);
    await page.screenshot({ path: `${SCREENSHOTS}/phone-toast-${size.width}.png` });
    await openToast(page).getByRole('button', { name: 'Close' }).click();

    // In a dialog: Like while signed out asks to sign in, in a toast.
    await page.getByRole('button', { name: new RegExp(`^Long Letter ${run}`) }).click();
    const dialog = page.getByRole('dialog', { name: `Long Letter ${run}` });
    await expect(dialog.getByText('Line 60 of a letter')).toBeAttached();
    await dialog.getByRole('button', { name: /^Like/ }).click();
    await expect(openToast(page)).toContainText('Account Required');
    // The dialog moves up above the toast (animated): wait for it to settle.
    await expect
      .poll(async () => overlaps(await boxOf(openToast(page)), await boxOf(dialog)), {
        message: 'dialog clear of the toast',
      })
      .toBe(false);
    await expectClear(openToast(page), [
      dialog.getByRole('button', { name: 'Close' }).last(),
      dialog.getByRole('heading', { name: `Long Letter ${run}` }),
    ]);
    await page.screenshot({ path: `${SCREENSHOTS}/phone-toast-dialog-${size.width}.png` });
    await page.keyboard.press('Escape');
  }
});

test('2. six stories at one spot: the cluster at the last zoom lists all six, each opens', async ({
  page,
  context,
}) => {
  await context.setGeolocation(SPOT);
  await page.goto('/');
  // At zoom 13 the stack and the stories 60 m away are one cluster; clicks zoom in until the stack stands alone.
  const clusters = page.locator('.leaflet-marker-icon[title$=" stories"]');
  const reader = page.locator('.leaflet-marker-icon[title="Your location"]');
  const sheet = page.getByRole('dialog', { name: '6 stories here' });
  const zoomIn = page.locator('.leaflet-control-zoom-in');
  await expect(clusters.first()).toBeVisible();
  for (let tries = 0; tries < 14 && !(await sheet.isVisible()); tries++) {
    // Let the zoom settle and the worker re-cluster, then click the cluster holding the stack: of those with at
    // least its 6 stories, the one nearest the reader, who stands 60 m from it (a retry's stack lies elsewhere).
    await expect
      .poll(async () => (await page.locator('.leaflet-zoom-anim').count()) === 0 && (await clusters.count()) > 0)
      .toBe(true);
    // …and the markers stand still: the same clusters at the same places across two painted frames.
    await expect
      .poll(async () => (await clusterLayout(page)) === (await nextFrame(page), await clusterLayout(page)))
      .toBe(true);
    const me = await boxOf(reader);
    const found = await clusters.evaluateAll((els) =>
      els.map((el) => ({
        count: Number.parseInt(el.getAttribute('title') ?? '0', 10),
        box: el.getBoundingClientRect().toJSON() as DOMRect,
      })),
    );
    const gap = (b: DOMRect) =>
      Math.hypot(b.x + b.width / 2 - (me.x + me.width / 2), b.y + b.height / 2 - (me.y + me.height / 2));
    const candidates = found.map((c, i) => ({ ...c, i })).filter((c) => c.count >= 6);
    // Mid re-cluster the stack's marker may not be drawn yet: look again.
    if (candidates.length === 0) continue;
    const nearest = candidates.reduce((best, c) => (gap(c.box) < gap(best.box) ? c : best));
    const before = await clusterLayout(page);
    await clusters.nth(nearest.i).click();
    // A click zooms in (the clusters move) or, at the last zoom, opens the sheet, whose code loads on first use:
    // wait for either, so the next click never lands on a sheet that was still on its way.
    await expect
      .poll(async () => (await sheet.isVisible()) || (await clusterLayout(page)) !== before, { timeout: 10_000 })
      .toBe(true);
  }
  await expect(sheet).toBeVisible();
  // Only at the last zoom does the stack list its stories: there it cannot split any further.
  await expect(zoomIn).toHaveClass(/leaflet-disabled/);
  const items = sheet.getByRole('list', { name: 'Stories at this spot' }).getByRole('button');
  await expect(items).toHaveCount(6);
  await expect(items.first()).toContainText(`Stacked 5 ${run}`); // newest first
  await page.screenshot({ path: `${SCREENSHOTS}/phone-stack-sheet-390.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await items.nth(2).click();
  await expect(page.getByRole('dialog', { name: `Stacked 3 ${run}` })).toBeVisible();
  await expect(sheet).toHaveCount(0);
});

test('3. a time-locked story at 0 m names its window and time zone, once, and never says walk closer', async ({
  page,
  context,
}) => {
  await context.setGeolocation(SPOT);
  await page.goto('/');
  const sentence = `Unlocks ${lockWindow.start} - ${lockWindow.end} (Eastern Time)`;
  const card = page.getByRole('button', { name: new RegExp(`^${timeLocked.title}`) });
  await expect(card).toContainText(sentence);
  await expect(card).not.toContainText('Walk closer');
  await card.click();
  const dialog = page.getByRole('dialog', { name: timeLocked.title });
  await expect(dialog.getByText(sentence)).toHaveCount(1);
  await expect(dialog.getByText('Walk closer to unlock this story')).toHaveCount(0);
  await expect(dialog.getByText('The bell rings only at dusk.')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/phone-time-lock-390.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  // Held by distance: the walk still to go, not a time (the card, not its map marker).
  const hillCard = page.locator('button').filter({ hasText: uphill.title });
  // ~1,200 m away, 100 m of which are the unlock radius (metres on the sphere, so not exactly 1,100).
  await expect(hillCard).toContainText(/Walk closer to unlock this story \(1[01]\d\d m to go\)/);
});

test("6. far from every story: the nearest whisper's distance and direction, centre on me, the + hint until dismissed", async ({
  page,
  context,
}) => {
  await context.setGeolocation(LONELY);
  await page.goto('/');
  const line = page.getByText('The nearest whisper is 3.2 km north-east.');
  await expect(line).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Mystery Mode Active' })).toBeVisible();

  // Centre on me: after a pan away, the reader's marker comes back to the middle of the map.
  const map = page.locator('.leaflet-container');
  const mapBox = await boxOf(map);
  const reader = page.locator('.leaflet-marker-icon[title="Your location"]');
  await page.mouse.move(mapBox.x + mapBox.width / 2, mapBox.y + mapBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(mapBox.x + 40, mapBox.y + 60, { steps: 8 });
  await page.mouse.up();
  const centreDistance = async () => {
    const box = await boxOf(reader);
    return Math.hypot(
      box.x + box.width / 2 - (mapBox.x + mapBox.width / 2),
      box.y + box.height / 2 - (mapBox.y + mapBox.height / 2),
    );
  };
  await expect.poll(centreDistance).toBeGreaterThan(100);
  await page.getByRole('button', { name: 'Centre on me' }).click();
  await expect.poll(centreDistance).toBeLessThan(3);

  // The + hint sits in the page's flow, on no text; dismissed, it stays away.
  const hint = page.getByText('Tap + to Create Story');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(hint).toBeVisible();
  const texts = page.locator('main').getByText(/\S/).filter({ visible: true });
  const hintBox = await boxOf(hint);
  for (const text of await texts.all()) {
    const box = await text.boundingBox();
    const apart = (el: Element) =>
      !el.closest('.leaflet-container, .fixed, [data-create-hint]') && !el.querySelector('[data-create-hint]');
    if (box && (await text.evaluate(apart))) {
      expect(overlaps(hintBox, box), `hint on "${await text.innerText()}"`).toBe(false);
    }
  }
  await page.screenshot({ path: `${SCREENSHOTS}/phone-nearest-390.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Dismiss hint' }).click();
  await expect(hint).toHaveCount(0);
  await page.reload();
  await expect(line).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(hint).toHaveCount(0);
});

test('7. image and video cards say "Photo" and the clip\'s length instead of a word count', async ({
  page,
  context,
}) => {
  await context.setGeolocation(SPOT);
  await page.goto('/');
  const pictureCard = page.getByRole('button', { name: new RegExp(`^${picture.title}`) });
  await expect(pictureCard).toContainText('Photo');
  await expect(pictureCard).not.toContainText(/\d+ words?/);
  const clipCard = page.getByRole('button', { name: new RegExp(`^${clip.title}`) });
  await expect(clipCard).toContainText('0:03');
  await expect(clipCard).not.toContainText(/\d+ words?/);
});

test('9. a long dialog keeps its close button in reach; an unknown story link says so, with a way back', async ({
  page,
  context,
}) => {
  await context.setGeolocation(SPOT);
  await page.goto(`/stories/${long.id}`);
  const dialog = page.getByRole('dialog', { name: long.title });
  const letter = dialog.getByText('Line 60 of a letter');
  // The letter runs far below the phone's screen…
  expect((await boxOf(letter)).y + (await boxOf(letter)).height).toBeGreaterThan(844 * 1.5);
  // …and with its end read, the close button is still at hand.
  await letter.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  const close = dialog.getByRole('button', { name: 'Close' }).first();
  await expect(close).toBeInViewport();
  const closeBox = await boxOf(close);
  const dialogBox = await boxOf(dialog);
  expect(closeBox.y).toBeGreaterThanOrEqual(dialogBox.y);
  await page.screenshot({ path: `${SCREENSHOTS}/phone-long-dialog-390.png` });
  await close.click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/stories/00000000-0000-4000-8000-000000000000');
  const missing = page.getByRole('dialog', { name: 'Story not found' });
  await expect(missing.getByText('This story does not exist or is no longer shared.')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await missing.getByRole('button', { name: 'Back to the map' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(missing).toHaveCount(0);
  await page.goto('/stories/not-a-story');
  await expect(
    page
      .getByRole('dialog', { name: 'Story not found' })
      .getByText('This story does not exist or is no longer shared.'),
  ).toBeVisible();
});

test('9. nothing overflows sideways at 320 px', async ({ page, context }) => {
  await context.setGeolocation(SPOT);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const [path, loaded] of [
    ['/', page.locator('button').filter({ hasText: timeLocked.title })],
    ['/auth', page.getByRole('tab', { name: 'Create Account' })],
    ['/discover', page.locator('.leaflet-container')],
    ['/discover-simple', page.getByText(/^Showing \d+ stor/)],
  ] as const) {
    await page.goto(path);
    await expect(loaded).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({
      path: `${SCREENSHOTS}/phone-320${path.replace(/\//g, '-') || '-home'}.png`,
      fullPage: true,
    });
  }
  await page.goto(`/stories/${long.id}`);
  await expect(page.getByRole('dialog', { name: long.title })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

/** Where the cluster markers stand now (title and box of each), to tell a settled map from a moving one. */
async function clusterLayout(page: Page): Promise<string> {
  return page
    .locator('.leaflet-marker-icon[title$=" stories"]')
    .evaluateAll((els) =>
      JSON.stringify(els.map((el) => [el.getAttribute('title'), el.getBoundingClientRect().toJSON()])),
    );
}

/** Resolves once the browser has painted the next frame. */
async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
