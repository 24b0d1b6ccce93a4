/**
 * Stories carry their language (docs/decisions/061-stories-carry-their-language.md): a story written in Spanish says
 * "Español" in its detail to an English reader, its text is marked lang="es", and /discover's language filter finds
 * it under Spanish and not under French. Screenshots of the create form, the detail and the filtered list at phone
 * and desktop sizes.
 */
import { expect, test } from '@playwright/test';
import type { Story } from '#common/schemas';
import { fillShared, openCreateDialog, previewAndPublish, signedInAt } from './support/create-story';

const run = Date.now().toString(36);
// Seville, shifted a little per run so a repeated run does not read its earlier story first.
const PLACE = {
  latitude: 37.3891 + Math.round((Math.random() - 0.5) * 2000) / 10_000,
  longitude: -5.9845 + Math.round((Math.random() - 0.5) * 2000) / 10_000,
};
const TITLE = `La campana del río ${run}`;
const CONTENT = 'Cada noche, junto al río, una campana suena sin que nadie la toque.';

for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a story in Spanish: created, named and marked, found by its language (${size.width}px)`, async ({ page }) => {
    await page.setViewportSize(size);
    const title = `${TITLE} ${size.width}`;
    await signedInAt(page, PLACE);
    const dialog = await openCreateDialog(page, PLACE);
    await dialog.getByRole('tab', { name: /Text Story/ }).click();
    await fillShared(dialog, title, 'History');
    // The reader's browser speaks English: the form starts in English.
    const language = dialog.getByLabel('Language');
    await expect(language).toHaveValue('en');
    await language.selectOption('es');
    await dialog.getByLabel('Your Story').fill(CONTENT);
    await dialog.getByLabel('Language').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/story-language-form-${size.width}.png` });
    const created = page.waitForResponse((r) => r.url().endsWith('/api/stories') && r.request().method() === 'POST');
    await previewAndPublish(page, dialog);
    const story = (await (await created).json()) as Story;
    expect(story.language).toBe('es');

    // The detail: "Español" (the reader's language is English), the text in Spanish for screen readers.
    await page.goto(`/stories/${story.id}`);
    const detail = page.getByRole('dialog', { name: title });
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('story-language')).toHaveText('Language: Español');
    await expect(detail.getByText('Español', { exact: true })).toHaveAttribute('lang', 'es');
    const text = detail.getByTestId('story-text');
    await expect(text).toHaveText(CONTENT);
    await expect(text).toHaveAttribute('lang', 'es');
    await expect(detail.getByRole('heading', { name: title }).locator('[lang="es"]')).toHaveText(title);
    await page.screenshot({ path: `/tmp/story-language-detail-${size.width}.png` });

    // Discover, list view, filtered by Spanish: the story is there, its card says "Español".
    await page.goto('/discover?view=list');
    const filter = page.getByLabel('Language', { exact: true });
    await expect(filter).toHaveValue('');
    await filter.selectOption('es');
    await expect(page).toHaveURL(/[?&]lang=es\b/);
    const cardTitle = page.getByRole('button', { name: title, exact: true });
    await expect(cardTitle).toBeVisible();
    await expect(cardTitle).toHaveAttribute('lang', 'es');
    await page.screenshot({ path: `/tmp/story-language-discover-es-${size.width}.png`, fullPage: true });

    // Filtered by French: not there.
    await filter.selectOption('fr');
    await expect(page).toHaveURL(/[?&]lang=fr\b/);
    await expect(page.getByRole('status').filter({ hasText: 'Loading story locations...' })).toHaveCount(0);
    await expect(page.getByText(/story|stories|No stories in/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: title, exact: true })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/story-language-discover-fr-${size.width}.png`, fullPage: true });
  });
}
