/**
 * The setup wizard asks only what sign-up did not, and "Choose Your Magic" offers all five story types, each saying
 * what it changes — which is exactly what the home screen then does (docs/decisions/051-walker-stumbles-fourth-round.md).
 * At 390 and 320 px. Screenshots in /tmp/setup-magic-*.png.
 */
import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { expectNothingWider } from './support/fits';
import { readerHeaders } from './support/reader-address';
import { createStoryViaApi, newAuthor, northOf } from './support/stories';

const CHOICES = [
  ['Audio Stories', 'audio'],
  ['Written Stories', 'text'],
  ['Visual Stories', 'image'],
  ['Video Stories', 'video'],
  ['TikTok Stories', 'TikTok'],
] as const;

for (const width of [390, 320]) {
  test(`the wizard starts past sign-up's answers and every story type says what choosing it changes (${width} px)`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const place = { latitude: 10 + Math.random() * 8, longitude: -60 - Math.random() * 8 };
    await page.setViewportSize({ width, height: 844 });
    await context.setExtraHTTPHeaders(readerHeaders());
    await context.setGeolocation({ ...place, accuracy: 5 });
    const account = await signUpAndSignIn(page, { setup: false, account: { displayName: 'Moss Walker' } });
    await page.goto('/setup');

    await expect(page.getByRole('heading', { name: 'Tell Your Story' })).toBeVisible();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByTestId('setup-identity')).toContainText(`Moss Walker (@${account.username})`);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Choose Your Magic' })).toBeVisible();
    const group = page.getByRole('radiogroup', { name: 'Choose Your Magic' });
    await expect(group).toHaveAccessibleDescription(/only adds a suggestion on the home screen/);
    await expect(group.getByRole('radio')).toHaveCount(5);
    for (const [label, named] of CHOICES) {
      await expect(group.getByRole('radio', { name: label })).toContainText(
        `Home tells you when ${named} whispers are within 1.5 km.`,
      );
    }
    await expectNothingWider(page);
    await page.screenshot({ path: `/tmp/setup-magic-${width}.png`, fullPage: true });
    await group.getByRole('radio', { name: 'TikTok Stories' }).click();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(page).toHaveURL(/\/$/);

    // What the choice said is what it does: a TikTok whisper nearby is named on the home screen.
    const author = await newAuthor('magic');
    await createStoryViaApi(author, {
      ...northOf(place, 60),
      title: 'Square Dance',
      type: 'tiktok',
      tiktokUrl: 'https://www.tiktok.com/@whisper/video/7234567890123456789',
    });
    await author.request.dispose();
    await page.reload();
    const suggestions = page.getByRole('region', { name: 'Suggestions for you' });
    await expect(suggestions).toContainText('Your favourite: TikTok stories');
    await expect(suggestions).toContainText('1 TikTok whisper is within 1.5 km.');
    await page.goto('/setup');
    await expect(page.getByText('TikTok Stories')).toBeVisible();
  });
}
