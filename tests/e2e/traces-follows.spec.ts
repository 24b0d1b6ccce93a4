/**
 * Traces and follows end to end (docs/decisions/045-traces-read-where-left.md, 046-follows-daily-digest.md), at
 * 390×844 with desktop screenshots: a reader standing at a story leaves a trace, its author hides another, and a
 * reader follows an author from the author page and receives the digest of their new story (the e2e server runs
 * the digest every 5 s: FOLLOW_DIGEST_INTERVAL, honoured only with NODE_ENV=test).
 */
import { expect, test, type Page } from '@playwright/test';
import type { Story } from '#common/schemas';
import { signUpAndSignIn } from './support/accounts';
import { createStoryViaApi, newAuthor, northOf, SAVANNAH } from './support/stories';
import { readerHeaders } from './support/reader-address';

const here = northOf(SAVANNAH, 15);

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/traces-${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `/tmp/traces-${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

test.beforeEach(async ({ context, page }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation(here);
  await page.setViewportSize({ width: 390, height: 844 });
});

test('a reader at the story leaves a trace; a reader far away sees only the count', async ({ page, browser }) => {
  const author = await newAuthor('tracehost');
  const story: Story = await createStoryViaApi(author, {
    ...here,
    title: 'Harbor Bell',
    content: 'The bell rang for the boats.',
  });
  await signUpAndSignIn(page);
  await page.goto(`/stories/${story.id}`);
  const dialog = page.getByRole('dialog', { name: 'Harbor Bell' });
  await expect(dialog.getByText('The bell rang for the boats.')).toBeVisible();
  await dialog.getByLabel('Leave a trace').fill('Found it, thanks for the walk');
  await dialog.getByRole('button', { name: 'Leave trace' }).click();
  const trace = dialog.getByRole('listitem', { name: /^Trace by / });
  await expect(trace.getByText('Found it, thanks for the walk')).toBeVisible();
  await expect(trace.getByText(/^\d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await trace.scrollIntoViewIfNeeded();
  await screenshots(page, 'dialog');

  // Far away: the count only.
  const far = await browser.newContext({
    geolocation: northOf(SAVANNAH, 5000),
    permissions: ['geolocation'],
    extraHTTPHeaders: readerHeaders(),
  });
  const farPage = await far.newPage();
  await farPage.setViewportSize({ width: 390, height: 844 });
  await signUpAndSignIn(farPage);
  await farPage.goto(`/stories/${story.id}`);
  const farDialog = farPage.getByRole('dialog', { name: 'Harbor Bell' });
  await expect(farDialog.getByText('1 trace — walk here to read them')).toBeVisible();
  await expect(farDialog.getByText('Found it, thanks for the walk')).toHaveCount(0);
  await far.close();
  await author.request.dispose();
});

test("the story's author hides a trace on their story", async ({ page }) => {
  const account = await signUpAndSignIn(page);
  const story = await createStoryViaApi(
    { account, request: page.request },
    { ...here, title: 'Quiet Pier', content: 'Gulls at dawn.' },
  );
  const visitor = await newAuthor('tracer');
  const headers = readerHeaders();
  expect(
    (
      await visitor.request.get(`/api/stories/${story.id}?lat=${here.latitude}&lng=${here.longitude}`, { headers })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await visitor.request.post(`/api/stories/${story.id}/traces`, { headers, data: { text: 'Buy cheap watches' } })
    ).status(),
  ).toBe(201);

  await page.goto(`/stories/${story.id}`);
  const dialog = page.getByRole('dialog', { name: 'Quiet Pier' });
  const trace = dialog.getByRole('listitem', { name: /^Trace by / });
  await expect(trace.getByText('Buy cheap watches')).toBeVisible();
  await trace.getByRole('button', { name: 'Hide trace' }).click();
  await trace.getByLabel('Why do you hide this trace?').fill('Advertising.');
  await trace.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(trace.getByText('Hidden by the author: Advertising.')).toBeVisible();
  // The writer is told, with the reason.
  await expect
    .poll(async () =>
      ((await (await visitor.request.get('/api/notifications')).json()) as { message: string }[]).map((n) => n.message),
    )
    .toContain('The author of “Quiet Pier” hid your trace: Advertising. You may appeal once from the story.');
  await visitor.request.dispose();
});

test('a reader follows an author from their page and receives the digest of their new story', async ({ page }) => {
  const author = await newAuthor('ana');
  await signUpAndSignIn(page);
  await page.goto(`/authors/${author.account.id}`);
  await expect(page.getByRole('heading', { name: author.account.displayName })).toBeVisible();
  await expect(page.getByText('0 public stories')).toBeVisible();
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(page.getByText('1 follower')).toBeVisible();
  await screenshots(page, 'author');

  await createStoryViaApi(author, { ...here, title: 'New Bell', content: 'It rang at noon.' });
  // Nothing at the moment of publishing; the digest once the period has ended.
  const digests = async () =>
    ((await (await page.request.get('/api/notifications')).json()) as { type: string; message: string }[]).filter(
      (n) => n.type === 'follow_digest',
    );
  await expect
    .poll(async () => (await digests()).map((n) => n.message), { timeout: 30_000 })
    .toEqual([
      expect.stringMatching(
        new RegExp(`^1 new whisper by ${author.account.displayName}(, the nearest \\d+ km from you)?$`),
      ),
    ]);

  await page.goto('/discover');
  const section = page.getByRole('region', { name: 'From authors you follow' });
  await expect(section.getByText('New Bell')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshots(page, 'discover');
  await author.request.dispose();
});
