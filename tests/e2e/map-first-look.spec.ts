/**
 * The home page's first look (docs/decisions/028-map-first-look.md; server/src/map-first-look.ts): the page as sent, before any
 * script, shows the map's box with the map's own tiles, where React then draws the map, so the map's imagery is
 * the first thing that paints and nothing moves when the real map takes over.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';

/** The map's tiles, served by the app itself (docs/decisions/037-tiles-through-whispers.md). */
const TILES = `${process.env.E2E_BASE_URL}/tiles/`;
const SCREENS = [
  { name: 'a phone', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  { name: 'a desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
];

interface PlacedTile {
  url: string;
  x: number;
  y: number;
  width: number;
}

/** The tiles an element shows, where they are on screen (those showing a transparent pixel left out). */
function placedTiles(page: Page, selector: string): Promise<PlacedTile[]> {
  return page.locator(selector).evaluateAll((images: HTMLImageElement[]) =>
    images
      .filter((image) => !image.currentSrc.startsWith('data:'))
      .map((image) => {
        const box = image.getBoundingClientRect();
        return { url: image.currentSrc, x: box.x, y: box.y, width: box.width };
      })
      .sort((a, b) => a.url.localeCompare(b.url)),
  );
}

async function openWithoutScripts(browser: Browser, screen: (typeof SCREENS)[number]) {
  const context = await browser.newContext({ ...screen, javaScriptEnabled: false });
  const page = await context.newPage();
  const fetched = new Set<string>();
  page.on('requestfinished', (request) => {
    if (request.url().startsWith(TILES)) fetched.add(request.url());
  });
  await page.goto('/');
  return { context, page, fetched };
}

for (const screen of SCREENS) {
  test(`on ${screen.name}, the page as sent shows the map's tiles where the map comes`, async ({ browser }) => {
    const still = await openWithoutScripts(browser, screen);
    const firstLook = still.page.locator('[data-map-first-look]');
    await expect(firstLook).toBeVisible();
    const firstBox = (await firstLook.boundingBox())!;
    const firstTiles = await placedTiles(still.page, '[data-map-first-look] img');
    expect(firstTiles.length).toBeGreaterThan(0);
    // Only the tiles of this screen's density that the box reaches are fetched, and they all arrive.
    await expect.poll(() => [...still.fetched].sort()).toEqual(firstTiles.map((tile) => tile.url));
    await still.context.close();

    // The app's first screen while the position is still being asked for (the first frame React draws).
    const context = await browser.newContext({ ...screen });
    const page = await context.newPage();
    await page.addInitScript(() => {
      navigator.geolocation.getCurrentPosition = () => {};
      navigator.geolocation.watchPosition = () => 0;
    });
    await page.goto('/');
    const map = page.locator('.leaflet-container');
    await expect(page.locator('.leaflet-container img.leaflet-tile-loaded').first()).toBeVisible();
    // The page's own first look is gone: React drew the page over it.
    await expect(page.locator('[data-map-first-look]')).toHaveCount(0);
    const mapBox = (await map.boundingBox())!;
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(mapBox[key] - firstBox[key])).toBeLessThanOrEqual(1);

    // The same tiles in the same places (Leaflet rounds its pixel origin; the first look does not).
    await expect
      .poll(async () => (await placedTiles(page, '.leaflet-container img.leaflet-tile')).map((tile) => tile.url))
      .toEqual(firstTiles.map((tile) => tile.url));
    const mapTiles = await placedTiles(page, '.leaflet-container img.leaflet-tile');
    mapTiles.forEach((tile, i) => {
      const first = firstTiles[i]!;
      expect(tile.width).toBe(first.width);
      expect(Math.abs(tile.x - first.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(tile.y - first.y)).toBeLessThanOrEqual(1);
    });
    // React keeps those tiles behind the map until Leaflet's own are in, then takes them away.
    await expect(page.locator('[data-first-look-tiles]')).toHaveCount(0);
    await context.close();
  });
}
