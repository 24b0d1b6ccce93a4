/**
 * /discover-simple against answers the test makes up (route stubs): paging through the Link header on scroll with
 * only the cards near the viewport in the DOM, empty answers, wrong shapes, failures, Try Again and the 10 s
 * timeout. The cards from the real server, the filters and the story dialog are in discover.spec.ts.
 */
import { expect, test, type Route } from '@playwright/test';
import { readerHeaders } from './support/reader-address';
import { fakeStory } from './support/discover';

// Every browser context is a reader of its own.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
});

test('/discover-simple: the next page loads on scroll; only cards near the viewport are in the DOM', async ({
  page,
}) => {
  const urls: string[] = [];
  await page.route('**/api/stories/all?*', (route) => {
    const url = route.request().url();
    urls.push(url);
    if (url.includes('cursor=second'))
      return route.fulfill({ json: Array.from({ length: 200 }, (_, i) => fakeStory(200 + i)) });
    return route.fulfill({
      json: Array.from({ length: 200 }, (_, i) => fakeStory(i)),
      headers: { link: '</api/stories/all?limit=200&cursor=second>; rel="next"' },
    });
  });
  await page.goto('/discover-simple');
  await expect(page.getByText('Showing 200 stories (scroll for more)')).toBeVisible();
  const inDom = await page.getByTestId('simple-card').count();
  expect(inDom).toBeGreaterThan(0);
  expect(inDom).toBeLessThan(30);
  // Nothing more is fetched until the reader scrolls near the end (no request in flight, none started since).
  await page.waitForLoadState('networkidle');
  expect(urls).toHaveLength(1);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByText('Showing 400 stories')).toBeVisible();
  expect(urls).toHaveLength(2);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByText('Fake Story 399', { exact: true })).toBeVisible();
  expect(await page.getByTestId('simple-card').count()).toBeLessThan(30);
});

test('/discover-simple: empty answers, wrong shapes, failures and Try Again', async ({ page }) => {
  let answer: (route: Route) => Promise<void> = (route) => route.fulfill({ json: [] });
  await page.route('**/api/stories/all?*', (route) => answer(route));
  await page.goto('/discover-simple');
  await expect(page.getByText('No stories loaded from server.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Your First Story' })).toHaveAttribute('href', '/my-stories');
  await page.getByRole('button', { name: 'Romance' }).click();
  await expect(page.getByText('No stories found in category: Romance')).toBeVisible();

  answer = (route) => route.fulfill({ status: 503, body: 'down' });
  await page.getByRole('button', { name: 'Reload Stories' }).click();
  await expect(page.getByText('Unable to load stories. Please try again.')).toBeVisible();
  await expect(page.getByText('Server responded with 503')).toBeVisible();

  answer = (route) => route.fulfill({ json: { stories: [] } });
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('Invalid data format received')).toBeVisible();

  answer = (route) => route.fulfill({ json: [fakeStory(1)] });
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByText('Showing 1 story')).toBeVisible();
});

test('/discover-simple: a request that never answers times out after 10 s', async ({ page }) => {
  const held: Route[] = [];
  await page.route('**/api/stories/all?*', (route) => void held.push(route));
  await page.goto('/discover-simple');
  await expect(page.getByText('Loading stories...')).toBeVisible();
  const started = Date.now();
  await expect(page.getByText('Request timed out. Please check your connection.')).toBeVisible({ timeout: 20_000 });
  expect(Date.now() - started).toBeGreaterThan(8_000);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('simple-card').first()).toBeVisible();
});
