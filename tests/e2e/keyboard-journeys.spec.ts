/**
 * The spec's journeys with the keyboard alone (docs/accessibility.md): no click, no fill — every control is reached
 * with Tab (or Shift+Tab), used with Enter, Space, arrows or typing, and each focused control shows a visible focus
 * ring. Sign up; create a text story; open a story, like it and report it; close the dialog with Escape.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newAccount } from './support/accounts';
import { createStoryViaApi, newAuthor, northOf, SAVANNAH, type Author } from './support/stories';

const run = Date.now().toString(36);
/** A place of its own, away from the other specs' stories. */
const PLACE = northOf(SAVANNAH, -7_000);

let author: Author;
let storyTitle: string;

test.beforeAll(async () => {
  author = await newAuthor('keys');
  storyTitle = `Bell tower ${run}`;
  await createStoryViaApi(author, { ...PLACE, title: storyTitle, content: 'The bell has not rung since the flood.' });
});
test.afterAll(async () => author?.request.dispose());

/**
 * Presses Tab until `target` has the focus (at most `max` presses), then checks the focus is visible: an outline
 * or a ring drawn by a box shadow.
 */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 })) {
      const shown = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
      });
      expect(shown, `focus on ${await target.evaluate((el) => el.outerHTML.slice(0, 120))} is visible`).toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('sign up, create a text story, open a story, like and report it — with the keyboard alone', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await context.setGeolocation(PLACE);
  const account = newAccount('keys');

  // Sign up.
  await page.goto('/auth');
  const createTab = page.getByRole('tab', { name: 'Create Account' });
  await tabTo(page, page.getByRole('tab', { name: 'Login' }));
  await page.keyboard.press('ArrowRight');
  await expect(createTab).toBeFocused();
  await expect(createTab).toHaveAttribute('aria-selected', 'true');
  await typeInto(page, page.getByLabel('Username', { exact: true }), account.username);
  await typeInto(page, page.getByLabel('Display Name', { exact: true }), account.displayName);
  await typeInto(page, page.getByLabel('Email', { exact: true }), account.email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  // Create a text story.
  await tabTo(page, page.getByRole('button', { name: 'Create Story', exact: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create Story' });
  await expect(dialog).toBeVisible();
  // The story types are one tab stop (a tablist with a roving focus): Tab reaches the chosen one, arrows move on.
  await tabTo(page, dialog.getByRole('tab', { name: /Audio Story/ }));
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: /Text Story/ })).toBeFocused();
  await expect(dialog.getByRole('tab', { name: /Text Story/ })).toHaveAttribute('aria-selected', 'true');
  const mine = `Keyed in ${run}`;
  await typeInto(page, dialog.getByLabel('Story Title'), mine);
  await tabTo(page, dialog.getByLabel('Category'));
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Category')).not.toHaveValue('');
  await typeInto(page, dialog.getByLabel('Your Story'), 'Written without a mouse, at the edge of the square.');
  await tabTo(page, dialog.getByRole('button', { name: 'Preview Story' }));
  await page.keyboard.press('Enter');
  const preview = page.getByRole('dialog', { name: 'Story Preview' });
  await expect(preview).toBeVisible();
  await tabTo(page, preview.getByRole('button', { name: 'Publish Story' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your story has been published successfully.').first()).toBeVisible();
  await expect(preview).toBeHidden();

  // Open the other author's story from its card, like it, report it, close with Escape.
  const nearby = page.getByRole('region', { name: 'Nearby Whispers' });
  const card = nearby.getByRole('button', { name: new RegExp(`^${storyTitle}`) });
  await expect(card).toBeVisible();
  await tabTo(page, card, { max: 120 });
  await page.keyboard.press('Enter');
  const story = page.getByRole('dialog', { name: storyTitle });
  await expect(story.getByText('The bell has not rung since the flood.')).toBeVisible();
  const like = story.getByRole('button', { name: /^Like/ });
  await tabTo(page, like);
  await page.keyboard.press('Space');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, story.getByRole('button', { name: 'Report' }));
  await page.keyboard.press('Enter');
  const reason = story.getByLabel('Why are you reporting this story?');
  await tabTo(page, reason);
  await page.keyboard.press('ArrowDown');
  await expect(reason).not.toHaveValue('');
  await tabTo(page, story.getByRole('button', { name: 'Send report' }));
  await page.keyboard.press('Enter');
  await expect(story.getByText('Reported', { exact: true })).toBeVisible();
  // Escape closes the newest layer first: the toast thanking for the report, then the dialog.
  const toast = page.locator('ol > li[data-state="open"]');
  await expect(toast).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0);
  await expect(story).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(story).toBeHidden();
});
