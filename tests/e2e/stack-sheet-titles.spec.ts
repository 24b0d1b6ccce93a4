/**
 * A stack of six stories at one spot, beyond the 1.5 km list (so the page knows none of their titles): at the
 * map's last zoom its list shows "Loading titles…", then six distinct titles as the one-story read gives them —
 * locked stories keep their public titles (docs/decisions/058-stack-titles-and-hint-room.md), at 390 and 320 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { createStoryViaApi, newAuthor, northOf, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';
import { boxOf, seriousViolations } from './support/phone-layout';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
// A place of this file's own; a retry's stories sit a little further north. The stack is 1.7 km east of the
// reader: outside the nearby list, locked by distance.
const READER = northOf({ latitude: 31.77, longitude: -81.93 }, Math.round(Math.random() * 3_000));
const STACK = {
  latitude: READER.latitude,
  longitude: READER.longitude + 1_700 / (111_195 * Math.cos((READER.latitude * Math.PI) / 180)),
};
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
const titles = Array.from({ length: 6 }, (_, i) => `Far Stack ${i} ${run}`);
const ONE_STORY = /\/api\/stories\/[0-9a-f-]{36}(\?|$)/;

let author: Author;

test.beforeAll(async () => {
  author = await newAuthor('stack-titles');
  for (const title of titles)
    await createStoryViaApi(author, { ...STACK, title, category: 'Mystery', content: `${title}.` });
});

test.afterAll(async () => {
  await author?.request.dispose();
});

for (const size of [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
]) {
  test(`at ${size.width} px the stack's list at the last zoom names its six stories by their titles`, async ({
    page,
    context,
  }) => {
    await context.setExtraHTTPHeaders(readerHeaders());
    await context.setGeolocation(READER);
    await page.setViewportSize(size);
    // The one-story reads wait until the list has shown that it is loading.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(ONE_STORY, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const sheet = await openStack(page);
    const list = sheet.getByRole('list', { name: 'Stories at this spot' });
    const items = list.getByRole('button');
    await expect(items).toHaveCount(6);
    await expect(sheet.getByRole('status').filter({ hasText: 'Loading titles…' })).toBeVisible();
    await expect(list).toHaveAttribute('aria-busy', 'true');
    await page.screenshot({ path: `${SCREENSHOTS}/stack-titles-loading-${size.width}.png` });
    release();

    await expect(sheet.getByText('Loading titles…')).toHaveCount(0);
    await expect(list).toHaveAttribute('aria-busy', 'false');
    const names = await items.allInnerTexts();
    // Newest first; each names its own story, and each says it is locked (1.7 km away).
    for (const [i, title] of [...titles].reverse().entries()) {
      expect(names[i]).toContain(title);
      expect(names[i]).toContain('Locked');
    }
    expect(new Set(names).size).toBe(6);
    await expect(sheet.getByText('Text story · Mystery')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/stack-titles-${size.width}.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await items.nth(1).click();
    await expect(page.getByRole('dialog', { name: titles[4] })).toBeVisible();
  });
}

/** Clicks the six-story cluster nearest the reader until, at the last zoom, it lists its stories. */
async function openStack(page: Page) {
  const clusters = page.locator('.leaflet-marker-icon[title$=" stories"]');
  const reader = page.locator('.leaflet-marker-icon[title="Your location"]');
  const sheet = page.getByRole('dialog', { name: '6 stories here' });
  await expect(clusters.first()).toBeVisible();
  for (let tries = 0; tries < 14 && !(await sheet.isVisible()); tries++) {
    await expect
      .poll(async () => (await page.locator('.leaflet-zoom-anim').count()) === 0 && (await clusters.count()) > 0)
      .toBe(true);
    // The markers stand still: the same clusters at the same places across two painted frames.
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
    const candidates = found.map((c, i) => ({ ...c, i })).filter((c) => c.count === 6);
    if (candidates.length === 0) continue;
    const nearest = candidates.reduce((best, c) => (gap(c.box) < gap(best.box) ? c : best));
    const before = await clusterLayout(page);
    await clusters.nth(nearest.i).click();
    // A click zooms in or, at the last zoom, opens the sheet (its code loads on first use). On a busy machine
    // neither may have shown in time: the loop looks again and clicks again.
    await expect
      .poll(async () => (await sheet.isVisible()) || (await clusterLayout(page)) !== before, { timeout: 10_000 })
      .toBe(true)
      .catch(() => undefined);
  }
  await expect(sheet).toBeVisible();
  await expect(page.locator('.leaflet-control-zoom-in')).toHaveClass(/leaflet-disabled/);
  return sheet;
}

async function clusterLayout(page: Page): Promise<string> {
  return page
    .locator('.leaflet-marker-icon[title$=" stories"]')
    .evaluateAll((els) =>
      JSON.stringify(els.map((el) => [el.getAttribute('title'), el.getBoundingClientRect().toJSON()])),
    );
}

async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
