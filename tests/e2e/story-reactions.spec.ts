/**
 * Reacting to a story, read the right way (docs/decisions/051-walker-stumbles-fourth-round.md): the Like button is
 * an outline until pressed and filled once liked (aria-pressed); a story never unlocked says it cannot be reported
 * before any form opens; My Stories says the like count once, and that likes are public. At 390 and 320 px.
 * Screenshots in /tmp/reactions-*.png.
 */
import { expect, test } from '@playwright/test';
import { MESSAGES } from '#common/messages';
import { signUpAndSignIn } from './support/accounts';
import { readerHeaders } from './support/reader-address';
import { createStoryViaApi, northOf } from './support/stories';

const run = Date.now().toString(36);

for (const width of [390, 320]) {
  test(`Like reads outline → filled, a locked story refuses Report up front, My Stories says likes once (${width} px)`, async ({
    browser,
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const place = { latitude: -20 - Math.random() * 8, longitude: -50 - Math.random() * 8 };
    const authorContext = await browser.newContext({ viewport: { width, height: 844 } });
    await authorContext.setExtraHTTPHeaders(readerHeaders());
    const authorPage = await authorContext.newPage();
    const account = await signUpAndSignIn(authorPage);
    const author = { account, request: authorPage.request };
    const near = await createStoryViaApi(author, {
      ...northOf(place, 30),
      title: `Bell Rope ${run} ${width}`,
      content: 'Pull it once for luck.',
    });
    const far = await createStoryViaApi(author, {
      ...northOf(place, 150),
      content: 'A few words left here.',
      title: `Far Lamp ${run} ${width}`,
    });

    await page.setViewportSize({ width, height: 844 });
    await context.setExtraHTTPHeaders(readerHeaders());
    await context.setGeolocation({ ...place, accuracy: 5 });
    await signUpAndSignIn(page);
    await page.goto(`/stories/${near.id}`);
    const dialog = page.getByRole('dialog', { name: near.title });
    await expect(dialog.getByText('Pull it once for luck.')).toBeVisible({ timeout: 30_000 }); // a loaded machine
    const like = dialog.getByRole('button', { name: /^Like \(/ });
    const look = () =>
      like.evaluate((button) => ({
        background: getComputedStyle(button).backgroundColor,
        heart: getComputedStyle(button.querySelector('svg')!).fill,
      }));
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const before = await look();
    expect(before.background).toBe('rgba(0, 0, 0, 0)'); // an outline: nothing filled
    expect(before.heart).toBe('none');
    await page.screenshot({ path: `/tmp/reactions-like-off-${width}.png` });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAccessibleName('Like (1 likes)');
    // Filled once liked (after the colour transition).
    await expect.poll(async () => (await look()).background).not.toBe('rgba(0, 0, 0, 0)');
    expect((await look()).heart).not.toBe('none');
    await page.screenshot({ path: `/tmp/reactions-like-on-${width}.png` });

    // 150 m away and never unlocked: Report says why not, and no form opens.
    await page.goto(`/stories/${far.id}`);
    const locked = page.getByRole('dialog', { name: far.title });
    await locked.getByRole('button', { name: 'Report' }).click();
    await expect(locked.getByRole('alert')).toHaveText(MESSAGES.notUnlocked);
    await expect(locked.getByLabel('Why are you reporting this story?')).toHaveCount(0);
    await page.screenshot({ path: `/tmp/reactions-report-locked-${width}.png` });

    // The author's My Stories: the live count once, said public; the insights beneath have no second like figure.
    await authorPage.goto('/my-stories');
    const card = authorPage.getByRole('listitem').filter({ hasText: near.title });
    await expect(card.getByTestId('story-likes')).toHaveText('1 like · likes are public');
    await expect(card.getByText('Last 30 days')).toBeVisible();
    await expect(card.getByText(/^Likes/)).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await authorPage.screenshot({ path: `/tmp/reactions-my-stories-${width}.png` });
    await authorContext.close();
  });
}
