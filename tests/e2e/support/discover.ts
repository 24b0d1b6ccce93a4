/** Helpers of the /discover e2e spec (tests/e2e/discover.spec.ts): a story's card, stubbed and filtered pages. */
import type { Page } from '@playwright/test';
import type { Story } from '#common/schemas';

/** A story's card on /discover and /discover-simple, by its title. */
export const card = (page: Page, title: string) =>
  page.getByTestId('discover-card').filter({ has: page.getByRole('heading', { name: title }) });

/**
 * Serves GET /api/stories/all from the real server in pages of `limit` (its Link header keeps the limit), keeping
 * only the stories of `authorIds` (the spec's own) so that stories other spec files create in parallel do not change the counts. Pages
 * may then be empty: the screen keeps following the Link header until it has cards or the pages end.
 */
export async function ourPagesOnly(page: Page, limit: number, authorIds: string[]) {
  await page.route('**/api/stories/all?*', async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', String(limit));
    const response = await route.fetch({ url: url.toString() });
    const stories = (await response.json()) as Story[];
    await route.fulfill({ response, json: stories.filter((story) => authorIds.includes(story.authorId)) });
  });
}

/** Scrolls the page down until the card is rendered (virtual lists hold only the cards near the viewport). */
export async function scrollToCard(page: Page, title: string) {
  const target = card(page, title);
  for (let i = 0; i < 200 && (await target.count()) === 0; i++) {
    const atEnd = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY === before;
    });
    if (atEnd) break;
    // The virtual list renders the cards near the new scroll position on the next frames.
    await page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
  }
  return target;
}

/** A story answer of the server's shape, for stubbed pages. */
export function fakeStory(i: number) {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: `Fake Story ${i}`,
    description: `Description ${i}`,
    duration: null,
    wordCount: 3,
    latitude: 40,
    longitude: -75,
    category: i % 2 ? 'Mystery' : 'Nature',
    type: 'text',
    authorId: '00000000-0000-4000-8000-000000000000',
    author: { displayName: 'Faker' },
    likes: i,
    isPublic: true,
    timeRestriction: 'none',
    unlockStartTime: null,
    unlockEndTime: null,
    unlockSeason: null,
    unlockWeather: null,
    createdAt: new Date().toISOString(),
    distance: null,
    isLocked: true,
    lockReason: 'distance',
  };
}
