/** The Create Story dialog's steps, shared by the create-story e2e specs (tests/e2e/create-story.spec.ts). */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Point } from '#common/geo';
import { signUpAndSignIn } from './accounts';

/**
 * Each story type gets its own place, far from the others (and from Savannah, where other suites create stories),
 * so the map shows it as a single marker rather than inside a cluster. A random shift of up to ~25 km per run keeps
 * a retried or repeated test from landing on the story its earlier attempt left on the same server.
 */
const shift = () => Math.round((Math.random() - 0.5) * 0.5 * 10_000) / 10_000;
const near = (latitude: number, longitude: number) => ({
  latitude: latitude + shift(),
  longitude: longitude + shift(),
});
export const PLACES = {
  audio: near(45.4642, 9.19), // Milan
  text: near(48.1374, 11.5755), // Munich
  image: near(47.3769, 8.5417), // Zurich
  video: near(50.1109, 8.6821), // Frankfurt
  tiktok: near(48.2082, 16.3738), // Vienna
  checks: { latitude: 52.52, longitude: 13.405 }, // Berlin (nothing is published here)
  pin: near(47.0707, 15.4395), // Graz
};

export async function signedInAt(page: Page, place: Point) {
  await page.context().setGeolocation(place);
  await page.goto('/');
  await signUpAndSignIn(page);
  await page.reload();
}

export async function openCreateDialog(page: Page, place?: Point): Promise<Locator> {
  await page.getByRole('button', { name: 'Create Story', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Story' });
  await expect(dialog).toBeVisible();
  if (place) {
    // The story is placed where the browser says we are (the note names the coordinates).
    const where = `(${place.latitude.toFixed(5)}, ${place.longitude.toFixed(5)})`;
    await expect(dialog.getByText(`Your story will be placed at your current location ${where}.`)).toBeVisible();
  }
  return dialog;
}

export async function fillShared(dialog: Locator, title: string, category = 'Mystery') {
  await dialog.getByLabel('Story Title').fill(title);
  await dialog.getByLabel('Category').selectOption(category);
}

/**
 * The open toast (one at a time): its title and description. Located by CSS because a modal dialog marks the
 * rest of the page, the toast viewport included, aria-hidden (Radix announces toasts through its own live region).
 */
export function openToast(page: Page) {
  return page.locator('ol > li[data-state="open"]');
}

export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp) {
  const toast = openToast(page);
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(toast.getByText(description, { exact: true })).toBeVisible();
}

/** Closes the open toast: on a phone it covers the dialog's footer buttons until it times out (5 s). */
export async function closeToast(page: Page) {
  await openToast(page).locator('button[aria-label="Close"]').click();
  await expect(openToast(page)).toHaveCount(0);
}

/**
 * The highest value the upload progress bar has shown since this call. The preview closes a second after the
 * upload ends (spec), so a test that looks for "100" after the toast can find the bar already gone on a loaded
 * machine (it did: the audio test's retries); the page records every value instead, and the test waits for 100.
 */
export async function watchUploadProgress(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __uploadProgressMax?: number };
    w.__uploadProgressMax = -1;
    const read = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"][aria-label="Upload progress"]')) {
        w.__uploadProgressMax = Math.max(w.__uploadProgressMax ?? -1, Number(bar.getAttribute('aria-valuenow')));
      }
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { __uploadProgressMax: number }).__uploadProgressMax);
}

/** Preview → Publish → success toast, progress bar at 100 %, dialog closed after ~1 s. */
export async function previewAndPublish(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Preview Story' }).click();
  const preview = page.getByRole('dialog', { name: 'Story Preview' });
  await expect(preview).toBeVisible();
  await preview.getByRole('button', { name: 'Publish Story' }).click();
  await expectToast(page, 'Story created!', 'Your story has been published successfully.');
  return preview;
}

export async function expectOnMapAndInMyStories(page: Page, title: string) {
  // The home map refetches after the create: a marker titled with the story (no reload).
  // .first(): a retried test may already have left a story of the same title there.
  await expect(page.locator(`.leaflet-marker-icon[title="${title}"]`).first()).toBeVisible();
  // Client-side navigation to My Stories (still no reload): the story's card is there.
  const myStories = page
    .getByRole('button', { name: 'My Stories', exact: true })
    .or(page.getByRole('tab', { name: 'My Stories', exact: true }))
    .or(page.getByRole('link', { name: 'My Stories', exact: true }));
  await myStories.first().click();
  await expect(page).toHaveURL(/\/my-stories$/);
  await expect(page.getByRole('button', { name: new RegExp(`^${title}`) }).first()).toBeVisible();
}
