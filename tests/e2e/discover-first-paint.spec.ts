/**
 * /discover's first paints (docs/design.md, part 2): "Finding your location..." first, then the note that the
 * location is unknown, painted as an element of its own so that it counts as a largest contentful paint.
 */
import { expect, test } from '@playwright/test';

test('/discover: the note that the location is unknown counts as a largest paint, after "Finding your location..."', async ({
  browser,
}) => {
  const context = await browser.newContext({ permissions: [], viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The answer comes late, as a slow permission prompt would give it: "Finding your location..." paints first.
  await page.addInitScript(() => {
    navigator.geolocation.watchPosition = (_found, failed) => {
      const denied = {
        code: 1,
        message: 'User denied Geolocation',
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      };
      setTimeout(() => failed?.(denied as GeolocationPositionError), 800);
      return 1;
    };
  });
  await page.goto('/discover');
  await expect(page.getByText('Finding your location...')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your location is unknown' })).toBeVisible();
  // Chrome times an element's first paint only: were the note the same paragraph rewritten, it would never count.
  const largestPaints = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
          resolve(entries.map((entry) => entry.element?.textContent ?? ''));
        }).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );
  expect(largestPaints.some((text) => text.includes('Your location is unknown'))).toBe(true);
  await context.close();
});
