/**
 * The phone's first-visit hint "Tap + to Create Story" never lies over "Nearby Whispers / Stories unlocked within
 * 1.5km" when the page first shows (docs/decisions/058-stack-titles-and-hint-room.md), at 390 and 320 px, and the
 * list's last card still scrolls clear of the + bar.
 */
import { expect, test } from '@playwright/test';
import { createStoryViaApi, newAuthor, northOf, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';
import { boxOf, overlaps } from './support/phone-layout';

const run = Date.now().toString(36);
// A place of this file's own; a retry's stories sit a little further north.
const SPOT = northOf({ latitude: 31.93, longitude: -81.47 }, Math.round(Math.random() * 3_000));
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';

let author: Author;

test.beforeAll(async () => {
  author = await newAuthor('hint-room');
  for (let i = 0; i < 4; i++)
    await createStoryViaApi(author, {
      ...northOf(SPOT, 20 + i * 10),
      title: `Hint Room ${i} ${run}`,
      category: 'Personal',
      content: `Story ${i}.`,
    });
});

test.afterAll(async () => {
  await author?.request.dispose();
});

for (const size of [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
]) {
  test(`at ${size.width} px the + hint stays clear of the Nearby heading, and the last card scrolls clear`, async ({
    page,
    context,
  }) => {
    await context.setExtraHTTPHeaders(readerHeaders());
    await context.setGeolocation(SPOT);
    await page.setViewportSize(size);
    await page.goto('/');
    const hint = page.getByText('Tap + to Create Story');
    const heading = page.getByRole('heading', { name: 'Nearby Whispers' });
    const subtitle = page.getByText('Stories unlocked within 1.5km of your location');
    const cards = page.getByRole('button', { name: new RegExp(`^Hint Room \\d ${run}`) });
    await expect(hint).toBeVisible();
    await expect(heading).toBeVisible();
    await expect(cards).toHaveCount(4);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/create-hint-first-paint-${size.width}.png` });
    const hintBox = await boxOf(hint);
    for (const text of [heading, subtitle]) {
      const box = await boxOf(text);
      expect(overlaps(hintBox, box), `hint ${JSON.stringify(hintBox)} on ${JSON.stringify(box)}`).toBe(false);
    }

    // At the page's end the last card stands wholly above the + bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lane = page.locator('[data-create-lane]');
    await expect
      .poll(async () => {
        const last = await boxOf(cards.last());
        const bar = await boxOf(lane);
        return last.y + last.height <= bar.y;
      })
      .toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/create-hint-page-end-${size.width}.png` });

    // Dismissed, it stays gone on the next visit.
    await page.getByRole('button', { name: 'Dismiss hint' }).click();
    await expect(hint).toHaveCount(0);
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(hint).toHaveCount(0);
  });
}
