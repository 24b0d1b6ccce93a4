/**
 * docs/decisions/014-phone-round-2.md, second part, at 390×844 and 320 px: upload progress and the recording timer in sight, no screen wider
 * than the phone, an opaque one-row create footer that covers nothing, /discover showing stories in its first
 * screen, a readable header over light tiles with a lane of its own for the + button.
 * AR labels: ar-crowd-labels.spec.ts.
 */
import { expect, test, type Locator } from '@playwright/test';
import { createStoryViaApi, newAuthor, northOf, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';
import {
  backgroundAlpha,
  bigPng,
  boxOf,
  contrast,
  createParts,
  expectFitsWidth,
  overlaps,
  signInAs,
} from './support/phone-layout-checks';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
// A place of this file's own.
const PLACE = { latitude: 31.71 + Math.round(Math.random() * 50) / 10_000, longitude: -81.45 };

let author: Author;
let storyId = '';

test.beforeAll(async () => {
  author = await newAuthor('round2b');
  const seeds = [
    { metres: 15, title: `Lantern Walk ${run}`, category: 'Mystery' },
    { metres: 40, title: `A Very Long Title For The Old Customs House ${run}`, category: 'History' },
    { metres: 300, title: `Far Pier ${run}`, category: 'Adventure' },
    { metres: 600, title: `Marsh Heron ${run}`, category: 'Nature' },
  ];
  for (const seed of seeds) {
    const story = await createStoryViaApi(author, {
      ...northOf(PLACE, seed.metres),
      title: seed.title,
      category: seed.category,
      content: `About ${seed.title}.`,
    });
    storyId ||= story.id;
  }
  // A like from a second reader gives the author a notification to show.
  const liker = await newAuthor('round2bliker');
  expect((await liker.request.get(`/api/stories/discoverable/${PLACE.latitude}/${PLACE.longitude}`)).status()).toBe(
    200,
  );
  expect((await liker.request.post(`/api/stories/${storyId}/like`)).status()).toBeLessThan(300);
  await liker.request.dispose();
});

test.afterAll(async () => {
  await author?.request.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation(PLACE);
});

for (const width of [320, 390]) {
  test(`7. no screen is wider than a ${width} px phone`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const check = async (what: string) => {
      await expectFitsWidth(page, `${what} at ${width}`);
      await page.screenshot({ path: `${SCREENSHOTS}/round2b-${what}-${width}.png` });
    };
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await check('auth-login');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await check('auth-register');

    await page.goto('/');
    await expect(page.getByRole('button', { name: new RegExp(`^Lantern Walk ${run}`) })).toBeVisible();
    await check('home');
    await page.goto(`/stories/${storyId}`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('story');
    await page.goto('/discover');
    await expect(page.getByText(/\d+ stor(y|ies)$/)).toBeVisible();
    await check('discover-map');
    await page.getByRole('button', { name: 'List View' }).click();
    await check('discover-list');
    await page.goto('/discover-simple');
    await check('discover-simple');

    await page.context().addCookies((await author.request.storageState()).cookies);
    await page.goto('/');
    await page.getByRole('button', { name: 'Create Story' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Story' })).toBeVisible();
    await check('create');
    await page.keyboard.press('Escape');
    await page.goto('/my-stories');
    await expect(page.getByRole('heading', { name: /Your Stories/ })).toBeVisible();
    await check('my-stories');
    await page.goto('/setup');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check('setup');
    await page.goto('/');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await check('notifications');
  });
}

test('1. while publishing, the upload progress is on screen and rises; while recording, the timer is', async ({
  page,
}) => {
  await signInAs(page, author);
  await page.goto('/');
  await page.getByRole('button', { name: 'Create Story' }).click();
  const { dialog, footer } = createParts(page, 'Create Story');

  // Recording: the seconds timer shows, above the footer.
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  const timer = dialog.getByTestId('recording-seconds');
  await expect(timer).toBeVisible();
  await expect(timer).toHaveText(/^[1-9]\d*s$/, { timeout: 5_000 });
  await expect
    .poll(async () => (await boxOf(timer)).y + (await boxOf(timer)).height <= (await boxOf(footer)).y)
    .toBe(true);
  expect((await boxOf(timer)).y).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENSHOTS}/round2b-recording-390.png` });
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await expect(dialog.getByText(/^Recording ready/)).toBeVisible();

  // Publishing an image over a slow uplink (about 300 KB/s).
  await dialog.getByRole('tab', { name: /Image Story/ }).click();
  await dialog.getByLabel('Story Title').fill(`Slow Upload ${run}`);
  await dialog.getByLabel('Category').selectOption('Nature');
  await dialog.getByLabel('Story Image').setInputFiles(bigPng());
  await dialog.getByRole('button', { name: 'Preview Story' }).click();
  const preview = createParts(page, 'Story Preview');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 4_000_000,
    uploadThroughput: 300_000,
  });
  await preview.dialog.getByRole('button', { name: 'Publish Story' }).click();
  const bar = preview.dialog.getByRole('progressbar', { name: 'Upload progress' });
  const seen: number[] = [];
  for (let i = 0; i < 40; i++) {
    const value = Number(await bar.getAttribute('aria-valuenow'));
    seen.push(value);
    // On screen: inside the viewport and the footer, and the topmost thing at its centre.
    const box = await boxOf(bar);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(
      await bar.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (el === hit || el.contains(hit));
      }),
    ).toBe(true);
    // The percentage beside it says the same (read in one go, as the upload moves on).
    expect(
      await preview.footer.evaluate((el) => {
        const now = el.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow');
        return el.textContent?.includes(`${now}%`);
      }),
    ).toBe(true);
    if (i === 3) await page.screenshot({ path: `${SCREENSHOTS}/round2b-uploading-390.png` });
    if (value >= 100) break;
    await page.waitForTimeout(250);
  }
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const between = seen.filter((v) => v > 0 && v < 100);
  expect(between.length, `progress seen: ${seen.join(', ')}`).toBeGreaterThanOrEqual(2);
  expect(Math.max(...between)).toBeGreaterThan(Math.min(...between));
  await expect(page.getByText('Story created!').first()).toBeAttached({ timeout: 20_000 });
});

test('9. the create footer is opaque, its actions are one row at 320 px and it covers nothing of the form', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signInAs(page, author);
  await page.goto('/');
  await page.getByRole('button', { name: 'Create Story' }).click();
  const edit = createParts(page, 'Create Story');
  await expect(edit.dialog).toBeVisible();
  expect(await backgroundAlpha(edit.footer)).toBe(1);

  /** Scrolled to its end, the dialog shows its last field wholly above the footer; the actions share one row. */
  const checkEnd = async (parts: ReturnType<typeof createParts>, lastField: Locator, count: number) => {
    await parts.dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(parts.buttons).toHaveCount(count);
    const footerBox = await boxOf(parts.footer);
    const field = await boxOf(lastField);
    expect(field.y + field.height).toBeLessThanOrEqual(footerBox.y + 0.5);
    const rows = await parts.buttons.evaluateAll((buttons) =>
      buttons
        .map((b) => b.getBoundingClientRect())
        .map((r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right })),
    );
    for (const a of rows) {
      for (const b of rows) expect(a.top < b.bottom && b.top < a.bottom, 'footer buttons in one row').toBe(true);
      expect(a.right).toBeLessThanOrEqual(320);
    }
    // Everything a field shows is above the footer while it is scrolled through: focus the fields one by one.
    for (const input of await parts.dialog
      .locator('input:not([type=hidden]):not([type=file]), textarea, select')
      .filter({ visible: true })
      .all()) {
      await input.focus();
      const box = await boxOf(input);
      expect(box.y + box.height, 'a focused field above the footer').toBeLessThanOrEqual(
        (await boxOf(parts.footer)).y + 0.5,
      );
    }
  };

  await edit.dialog.getByRole('tab', { name: /Text Story/ }).click();
  await edit.dialog.getByLabel('Story Title').fill(`Footer Check ${run}`);
  await edit.dialog.getByLabel('Category').selectOption('History');
  await edit.dialog.getByLabel('Your Story').fill('Every word above the footer.');
  await checkEnd(edit, edit.dialog.locator('form > :not([data-dialog-footer])').last(), 2);
  await page.screenshot({ path: `${SCREENSHOTS}/round2b-create-edit-320.png` });
  await edit.dialog.getByRole('button', { name: 'Preview Story' }).click();

  const preview = createParts(page, 'Story Preview');
  await expect(preview.dialog.locator('.leaflet-container')).toBeVisible();
  await checkEnd(preview, preview.dialog.locator('form > :not([data-dialog-footer])').last(), 3);
  expect(await backgroundAlpha(preview.footer)).toBe(1);
  await expect(preview.dialog.getByRole('button', { name: 'Publish Story' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/round2b-create-preview-320.png` });
});

test('10. /discover on a phone: stories in the first screen, categories one compact scrolling row, no name cut', async ({
  page,
}) => {
  await page.goto('/discover');
  await expect(page.getByText(/\d+ stor(y|ies)$/)).toBeVisible();
  const map = page.locator('.leaflet-container');
  await expect(map).toBeVisible();
  // A story's marker (or a cluster of them) lies within the first 844 px.
  const marker = map.locator('.leaflet-marker-icon:not([title="Your location"])').first();
  await expect(marker).toBeVisible();
  const markerBox = await boxOf(marker);
  expect(markerBox.y + markerBox.height).toBeLessThanOrEqual(844);
  expect((await boxOf(map)).y).toBeLessThan(844 - 200);

  const row = page.getByRole('group', { name: 'Filter by category' });
  const tile = row.getByRole('button').first();
  expect((await boxOf(row)).height).toBeLessThanOrEqual((await boxOf(tile)).height + 12);
  const scroll = await row.evaluate((el) => ({
    overflow: getComputedStyle(el).overflowX,
    wide: el.scrollWidth > el.clientWidth,
  }));
  expect(scroll).toEqual({ overflow: 'auto', wide: true });
  await row.getByRole('button', { name: /^Science Fiction \(/ }).scrollIntoViewIfNeeded();
  await expect(row.getByRole('button', { name: /^Science Fiction \(/ })).toBeInViewport();

  /** Texts cut short: an ellipsis or a box narrower than its text. */
  const clippedIn = (scope: Locator) =>
    scope.evaluate((root) =>
      [...root.querySelectorAll('span, p, h2, h3')]
        .filter((el) => el.getClientRects().length > 0)
        .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' || el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent),
    );
  expect(await clippedIn(row)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/round2b-discover-first-390.png` });

  await page.getByRole('button', { name: 'List View' }).click();
  const overview = page.getByRole('region', { name: 'Categories' });
  await expect(overview.getByRole('button', { name: 'View Mystery stories' })).toBeVisible();
  expect(await clippedIn(overview)).toEqual([]);
  const firstCard = page.getByRole('list', { name: 'Stories' }).getByRole('listitem').first();
  await expect(firstCard).toBeVisible();
  expect((await boxOf(firstCard)).y).toBeLessThan(844 - 80);
  await page.screenshot({ path: `${SCREENSHOTS}/round2b-discover-list-first-390.png` });
});

for (const width of [390, 320]) {
  test(`12. at ${width} px the header stays readable over the map and the + button covers nothing`, async ({
    page,
  }) => {
    test.slow(); // a bounding box for every control at every scroll position: ~40 s on a busy machine
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: new RegExp(`^Far Pier ${run}`) })).toBeVisible();
    const map = page.locator('.leaflet-container').first();
    await expect(map.locator('.leaflet-tile-loaded').first()).toBeAttached();

    // The map under the header: every header text has an opaque backing with contrast of at least 4.5:1.
    await map.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 30));
    const header = page.locator('header').first();
    expect(overlaps(await boxOf(header), await boxOf(map))).toBe(true);
    const texts = await header.evaluate((root) => {
      const parse = (c: string) =>
        (/rgba?\(([^)]+)\)/.exec(c)?.[1] ?? '0 0 0 0')
          .split(/[ ,/]+/)
          .filter(Boolean)
          .map(Number);
      return [...root.querySelectorAll('*')]
        .filter(
          (el) =>
            [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim()) &&
            el.getClientRects().length > 0,
        )
        .map((el) => {
          let backing: number[] = [0, 0, 0, 0];
          for (let p: Element | null = el; p; p = p.parentElement) {
            const bg = parse(getComputedStyle(p).backgroundColor);
            if (bg.length === 3 || bg[3]! > 0) {
              backing = bg.length === 3 ? [...bg, 1] : bg;
              break;
            }
          }
          return { text: (el.textContent ?? '').trim(), colour: parse(getComputedStyle(el).color), backing };
        });
    });
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (const { text, colour, backing } of texts) {
      expect(backing[3], `"${text}" has an opaque backing`).toBe(1);
      expect(contrast(colour, backing), `"${text}" contrast`).toBeGreaterThanOrEqual(4.5);
    }
    await page.screenshot({ path: `${SCREENSHOTS}/round2b-header-over-map-${width}.png` });

    // The + button's lane: wherever the page is scrolled (and the chip row too), nothing one can read or press
    // is under it — map controls and attribution, chips, cards, links.
    const plus = page.getByRole('button', { name: 'Create Story' });
    const targets = page.locator(
      '.leaflet-control-zoom a, .leaflet-control-attribution, .leaflet-container button, [role=group][aria-label="Filter by category"] button, main li button, main a',
    );
    const check = async (where: string) => {
      const plusBox = await boxOf(plus);
      const hidden = await plus.evaluate((el) => {
        // An opaque full-width lane holding the + hides what scrolls beneath it: only what is above it shows.
        const lane = el.closest('[data-create-lane]');
        if (!lane) return window.innerHeight;
        const r = lane.getBoundingClientRect();
        const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(getComputedStyle(lane).backgroundColor)?.[1];
        const opaque = alpha === undefined && getComputedStyle(lane).backgroundColor.startsWith('rgb(');
        return opaque && r.left <= 0 && r.right >= window.innerWidth ? r.top : window.innerHeight;
      });
      for (const target of await targets.all()) {
        const box = await target.boundingBox();
        if (!box || box.width === 0) continue;
        const shown = { ...box, height: Math.min(box.y + box.height, hidden) - box.y };
        if (shown.height <= 0) continue;
        expect(
          overlaps(shown, plusBox),
          `${where}: + over "${(await target.innerText()).slice(0, 40) || (await target.getAttribute('aria-label'))}"`,
        ).toBe(false);
      }
    };
    const row = page.getByRole('group', { name: 'Filter by category' });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 150) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await check(`scrolled ${y}`);
    }
    await row.evaluate((el) => el.scrollTo(el.scrollWidth, 0));
    await row.scrollIntoViewIfNeeded();
    for (let step = 0; step < 4; step++) {
      await check(`chip row at its end, step ${step}`);
      await page.evaluate(() => window.scrollBy(0, -150));
    }
    // The page ends above the lane: the last card can be read whole.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.locator('main li').last();
    expect((await boxOf(last)).y + (await boxOf(last)).height).toBeLessThanOrEqual((await boxOf(plus)).y);
    await page.screenshot({ path: `${SCREENSHOTS}/round2b-plus-lane-${width}.png` });
  });
}

test('the changed screens at 1280 px keep the tile grid, the floating + and the dialog footer, for the eye', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/discover');
  const row = page.getByRole('group', { name: 'Filter by category' });
  await expect(row).toHaveCSS('display', 'grid');
  await expectFitsWidth(page, 'discover at 1280');
  await page.screenshot({ path: `${SCREENSHOTS}/round2b-discover-1280.png` });
  await signInAs(page, author);
  await page.goto('/');
  const lane = page.locator('[data-create-lane]');
  await expect(lane).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await page.getByRole('button', { name: 'Create Story' }).click();
  const { buttons } = createParts(page, 'Create Story');
  await expect(buttons).toHaveCount(2);
  await page.screenshot({ path: `${SCREENSHOTS}/round2b-create-1280.png` });
});
