/**
 * Authors' insights (docs/decisions/018-insights-counts-not-readers.md): a signed-out reader listens to half of an audio story; the next time its author
 * opens the story's insights, the listen-through curve has the 50 % point — as "fewer than 3", since one reader
 * must not be singled out. My Stories shows the card's figures and sparkline. axe-clean; screenshots at 390×844
 * and 1280 for looking at.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { StoryInsights } from '#common/insights-schemas';
import { signUpAndSignIn } from './support/accounts';
import { audioWebm, createStoryViaApi, northOf, SAVANNAH } from './support/stories';
import { readerHeaders } from './support/reader-address';

const here = northOf(SAVANNAH, 25);

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/insights-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `/tmp/insights-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a reader listens to half an audio story; its author sees the 50 % quartile next time', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The author, signed in, in a browser of their own.
  const authorContext = await browser.newContext({
    extraHTTPHeaders: readerHeaders(),
    geolocation: here,
    permissions: ['geolocation'],
  });
  const authorPage = await authorContext.newPage();
  await authorPage.setViewportSize({ width: 390, height: 844 });
  const account = await signUpAndSignIn(authorPage);
  const run = Date.now().toString(36);
  const story = await createStoryViaApi(
    { account, request: authorPage.request },
    { ...here, title: `Harbour Bell ${run}`, type: 'audio', category: 'Mystery', description: 'Listen by the water.' },
    audioWebm(20),
  );

  // Before anyone listens: the curve is all zeros.
  await authorPage.goto(`/my-stories/${story.id}/insights`);
  await expect(authorPage.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
  const quartile = (p: Page, label: string) =>
    p
      .getByLabel('Readers per quartile')
      .locator('div')
      .filter({ has: p.getByText(label, { exact: true }) })
      .getByRole('definition');
  await expect(quartile(authorPage, '50%')).toHaveText('0');

  // A signed-out reader at the spot opens the story and listens to half of it.
  await page.context().setExtraHTTPHeaders(readerHeaders());
  await page.context().setGeolocation(here);
  await page.context().grantPermissions(['geolocation']);
  await page.goto(`/stories/${story.id}`);
  const dialog = page.getByRole('dialog', { name: story.title });
  await expect(dialog).toBeVisible();
  const audio = dialog.locator('audio');
  const halfReported = page.waitForResponse(
    (r) => r.url().endsWith('/api/insights/events') && (r.request().postDataJSON() as { kind: string }).kind === 'q50',
  );
  await dialog.getByRole('button', { name: 'Play' }).click();
  await expect(dialog.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => Number.isFinite(a.duration) && a.duration > 0))
    .toBe(true);
  await audio.evaluate((a: HTMLAudioElement) => {
    a.currentTime = a.duration * 0.5;
  });
  expect((await halfReported).status()).toBe(204);
  // Half, not more: the reader stops before three quarters.
  await dialog.getByRole('button', { name: 'Pause' }).click();
  const reached = await audio.evaluate((a: HTMLAudioElement) => a.currentTime / a.duration);
  expect(reached).toBeGreaterThanOrEqual(0.5);
  expect(reached).toBeLessThan(0.75);

  // The count is written within INSIGHTS_FLUSH_MS; the author opens the insights again.
  await expect
    .poll(
      async () =>
        ((await (await authorPage.request.get(`/api/insights/stories/${story.id}?days=7`)).json()) as StoryInsights)
          .listenThrough?.[2]?.readers,
    )
    .toBe('fewer than 3');
  await authorPage.goto(`/my-stories/${story.id}/insights`);
  await expect(quartile(authorPage, '50%')).toHaveText('fewer than 3');
  await expect(quartile(authorPage, 'Started')).toHaveText('fewer than 3');
  await expect(quartile(authorPage, '75%')).toHaveText('0');
  await expect(authorPage.getByRole('heading', { name: 'Listen-through' })).toBeVisible();
  // The chart itself is drawn (lazy-loaded recharts).
  await expect(authorPage.locator('.recharts-surface').first()).toBeVisible();
  await authorPage.getByRole('button', { name: '7 days' }).click();
  await expect(authorPage.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(authorPage.getByRole('heading', { name: 'Last 7 days' })).toBeVisible();
  await authorPage.getByText('Show the daily numbers').click();
  await expect(authorPage.getByRole('table', { name: 'Readers per day' })).toBeVisible();
  await expectNoSeriousAxeViolations(authorPage);
  await screenshots(authorPage, 'story');

  // My Stories: the card's figures of the last 30 days, a sparkline, and the way to the insights.
  await authorPage.goto('/my-stories');
  const item = authorPage
    .getByRole('listitem')
    .filter({ has: authorPage.getByRole('button', { name: new RegExp(`^${story.title}`) }) });
  await expect(item.getByText('Listens')).toBeVisible();
  await expect(item.getByRole('img', { name: `Daily opens over the last 30 days for “${story.title}”` })).toBeVisible();
  await expect(item.getByRole('definition').nth(1)).toHaveText('fewer than 3');
  await expectNoSeriousAxeViolations(authorPage);
  await screenshots(authorPage, 'my-stories');
  await item.getByRole('link', { name: `Insights for “${story.title}”` }).click();
  await expect(authorPage).toHaveURL(new RegExp(`/my-stories/${story.id}/insights$`));
  await authorContext.close();
});
