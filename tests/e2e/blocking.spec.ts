/**
 * Blocking (docs/design.md, rule 18; docs/decisions/051-walker-stumbles-fourth-round.md): "Block author" first says
 * what a block does and blocks nothing until confirmed; once confirmed, every count, suggestion and hint on the home
 * screen is recomputed at once — with the only nearby author blocked, nothing of theirs is counted or suggested.
 * At 390 and 320 px. Screenshots in /tmp/blocking-*.png.
 */
import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { readerHeaders } from './support/reader-address';
import { createStoryViaApi, newAuthor, northOf } from './support/stories';

const run = Date.now().toString(36);

for (const width of [390, 320]) {
  test(`blocking the only nearby author is confirmed first, then empties every count and hint at once (${width} px)`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    // A place of its own (no other spec's story within 50 km, nor a retry's).
    const place = { latitude: 20 + Math.random() * 8, longitude: -100 - Math.random() * 8 };
    const author = await newAuthor('blocked');
    const near = await createStoryViaApi(author, {
      ...northOf(place, 30),
      title: `Bench Letter ${run} ${width}`,
      category: 'Personal',
      content: 'Left under the bench for whoever sits here next.',
    });
    await createStoryViaApi(author, {
      ...northOf(place, 900),
      content: 'A few words left here.',
      title: `Far Gate ${run} ${width}`,
      category: 'Personal',
    });
    await author.request.dispose();

    await page.setViewportSize({ width, height: 844 });
    await context.setExtraHTTPHeaders(readerHeaders());
    await context.setGeolocation({ ...place, accuracy: 5 });
    await signUpAndSignIn(page);
    await page.goto('/');

    const suggestions = page.getByRole('region', { name: 'Suggestions for you' });
    await expect(suggestions).toContainText('2 whispers within 1.5 km');
    await expect(suggestions).toContainText('One is close enough to read now.');
    await expect(suggestions).toContainText('Something new: Personal');

    await page
      .getByRole('button', { name: new RegExp(near.title) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: near.title });
    await expect(dialog.getByText('Left under the bench')).toBeVisible();
    let blockCalls = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/blocks/')) blockCalls++;
    });
    await dialog.getByRole('button', { name: 'Block author' }).click();
    const confirm = dialog.getByRole('group', { name: /^Block / });
    await expect(confirm).toContainText('Their stories disappear for you everywhere');
    await expect(confirm).toContainText('Follows between you end');
    await expect(confirm).toContainText('They are not told. You can unblock them on your profile.');
    await confirm.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/blocking-confirm-${width}.png` });
    // Nothing is blocked before "Block": Cancel closes the question.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(blockCalls).toBe(0);

    await dialog.getByRole('button', { name: 'Block author' }).click();
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Author blocked' })).toBeDisabled();
    expect(blockCalls).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // Recomputed at once, without a reload: no count, "read now", nearest or category of theirs remains.
    await expect(suggestions).toContainText('No whispers within 50 km. Leave the first one here.');
    await expect(suggestions).not.toContainText('whispers within 1.5 km');
    await expect(suggestions).not.toContainText('Something new');
    await expect(suggestions).not.toContainText('close enough to read');
    await expect(page.getByRole('button', { name: new RegExp(near.title) })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await page.screenshot({ path: `/tmp/blocking-after-${width}.png`, fullPage: true });
  });
}
