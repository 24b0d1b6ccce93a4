/**
 * No page or dialog wider than the screen at 320, 390 and 1280 px, with long titles, descriptions, names and
 * URLs: every screen a reader or an author opens (home, /discover, /discover-simple, My Stories, a tour page, a
 * story's dialog, the New tour dialog with its stops, the create preview with a long TikTok URL). Each is
 * measured by `scrollWidth` (page and open dialogs). Screenshots in /tmp/fits-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { fillShared, openCreateDialog } from './support/create-story';
import { expectNothingWider } from './support/fits';
import { readerHeaders } from './support/reader-address';
import { createStoryViaApi, northOf, type Author } from './support/stories';

const run = Date.now().toString(36);
// A place of its own, far from every other spec's stories.
const PLACE = { latitude: 31.5, longitude: -81.9 };
const LONG_TITLE = `Three Squares, One Morning, and the Unbelievably Long Way Round ${run}`;
const LONG_WORD = 'Supercalifragilisticexpialidociousnessandmore'.repeat(2);
const LONG_TIKTOK = `https://www.tiktok.com/@${'averyveryverylongcreatorname'.repeat(2)}/video/7234567890123456789?is_from_webapp=1&sender_device=pc&web_id=${'7'.repeat(40)}`;
const WIDTHS = [320, 390, 1280];

async function fitsAtEveryWidth(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await expectNothingWider(page);
  }
  await page.screenshot({ path: `/tmp/fits-${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/fits-${name}-390.png` });
}

test('every page and dialog fits the screen with long texts, at 320, 390 and 1280 px', async ({ page, context }) => {
  test.setTimeout(150_000);
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation({ ...PLACE, accuracy: 5 });
  const account = await signUpAndSignIn(page, { account: { displayName: `Wanderer ${LONG_WORD}`.slice(0, 50) } });
  const author: Author = { account, request: page.request };
  const ids: string[] = [];
  for (const [index, metres] of [0, 40, 80].entries()) {
    const story = await createStoryViaApi(author, {
      ...northOf(PLACE, metres),
      title: `${LONG_TITLE} ${index + 1}`,
      description: `${LONG_WORD} ${LONG_WORD}`,
      category: 'Science Fiction',
      content: `${LONG_WORD} words.`,
    });
    ids.push(story.id);
  }
  const tour = await page.request.post('/api/tours', {
    data: { title: LONG_TITLE, description: `${LONG_WORD} ${LONG_WORD}`, storyIds: ids },
  });
  expect(tour.status(), await tour.text()).toBe(201);
  const tourId = ((await tour.json()) as { id: string }).id;

  await page.goto(`/tours/${tourId}`);
  await expect(page.getByRole('heading', { name: LONG_TITLE })).toBeVisible();
  await fitsAtEveryWidth(page, 'tour');

  await page.goto(`/stories/${ids[0]}`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await fitsAtEveryWidth(page, 'story');

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Nearby Whispers' })).toContainText(LONG_TITLE);
  await fitsAtEveryWidth(page, 'home');

  await page.goto('/discover');
  await expect(page.getByRole('region', { name: 'Tours near you' })).toContainText(LONG_TITLE);
  await fitsAtEveryWidth(page, 'discover');

  await page.goto('/discover-simple');
  await expect(page.getByText(`${LONG_TITLE} 1`)).toBeVisible();
  // Real distances from the reader, nearest first (the stories stand 0, 40 and 80 m north).
  for (const [index, distance] of ['0m', '40m', '80m'].entries())
    await expect(page.getByTestId('simple-distance').nth(index)).toHaveText(distance);
  await fitsAtEveryWidth(page, 'discover-simple');

  await page.goto('/my-stories');
  await expect(page.getByText(`${LONG_TITLE} 1`).first()).toBeVisible();
  await fitsAtEveryWidth(page, 'my-stories');

  // The New tour dialog with its stops added.
  await page.getByRole('button', { name: 'New tour' }).click();
  const newTour = page.getByRole('dialog', { name: 'New tour' });
  await newTour.getByLabel('Title').fill(LONG_TITLE);
  for (const index of [1, 2, 3]) await newTour.getByRole('button', { name: `Add ${LONG_TITLE} ${index}` }).click();
  await expect(newTour.locator('ol > li')).toHaveCount(3);
  await fitsAtEveryWidth(page, 'new-tour');
  await page.keyboard.press('Escape');
  await expect(newTour).toBeHidden();

  // The create preview with a long TikTok URL.
  await page.goto('/');
  const create = await openCreateDialog(page);
  await create.getByRole('tab', { name: /TikTok Story/ }).click();
  await fillShared(create, LONG_TITLE);
  await create.getByLabel('TikTok URL').fill(LONG_TIKTOK);
  await create.getByRole('button', { name: 'Preview Story' }).click();
  const preview = page.getByRole('dialog', { name: 'Story Preview' });
  await expect(preview.getByText(LONG_TIKTOK)).toBeVisible();
  await fitsAtEveryWidth(page, 'create-preview');
});
