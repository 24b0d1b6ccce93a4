/**
 * The interface in the reader's language (docs/decisions/062-interface-languages.md): chosen from the browser's
 * languages, mirrored for Arabic with the map left as it is, and switched from the account menu, remembered on the
 * device and saved to the account; distances in kilometres, or in miles when the reader chooses them.
 */
import { expect, test } from '@playwright/test';
import { readerHeaders } from './support/reader-address';
import { signInAs } from './support/phone-layout-checks';
import { createStoryViaApi, newAuthor, northOf, SAVANNAH } from './support/stories';

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(SAVANNAH);
});

test.describe('a browser in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('gets the interface in Spanish, left to right', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByText('Descubre historias ocultas')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('the bell says a like in Spanish, live and after a reload (docs/decisions/063-notifications-in-the-readers-language.md)', async ({
    page,
  }) => {
    const author = await newAuthor('bell');
    const story = await createStoryViaApi(author, {
      ...northOf(SAVANNAH, 30),
      title: 'La campana',
      content: 'Suena dos veces.',
    });
    await signInAs(page, author);
    await page.goto('/');
    await expect(page.getByText('Descubre historias ocultas')).toBeVisible();
    // Someone else walks up to the story and likes it while the author's page is open.
    const fan = await newAuthor('fan');
    const headers = readerHeaders();
    const read = await fan.request.get(`/api/stories/${story.id}?lat=${story.latitude}&lng=${story.longitude}`, {
      headers,
    });
    expect((await read.json()).isLocked).toBe(false);
    expect((await fan.request.post(`/api/stories/${story.id}/like`, { headers })).status()).toBe(200);

    const bell = page.getByRole('button', { name: /^Notificaciones/ });
    // Other specs' stories nearby may have told the author of finds too: the like is one of the unread.
    await expect(bell).toHaveAccessibleName(/\d+ sin leer/);
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Notificaciones' });
    await expect(popover.getByText('Nuevo me gusta')).toBeVisible();
    await expect(popover.getByText(/le gustó tu historia «La campana»/)).toBeVisible();
    await expect(popover).not.toContainText('liked your story');
    await page.screenshot({ path: '/tmp/bell-es-390.png' });
    await page.reload();
    await page.getByRole('button', { name: /^Notificaciones/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notificaciones' }).getByText('Nuevo me gusta')).toBeVisible();
    await author.request.dispose();
    await fan.request.dispose();
  });
});

test.describe('a browser in Arabic', () => {
  test.use({ locale: 'ar-EG' });

  test('gets the interface in Arabic, mirrored, with the map left to right', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByText('اكتشف القصص المخفية')).toBeVisible();
    // The header mirrors: the title is on the right, the account's button on the left.
    const title = await page.getByRole('link', { name: /Whispers/ }).boundingBox();
    const signIn = await page.getByRole('link', { name: 'تسجيل الدخول' }).boundingBox();
    expect(title!.x).toBeGreaterThan(signIn!.x);
    const map = page.locator('.leaflet-container').first();
    await expect(map).toBeVisible();
    expect(await map.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  });
});

test('the account menu switches the language at once, and it is remembered and saved', async ({ page }) => {
  const user = await newAuthor('lang');
  await signInAs(page, user);
  await page.goto('/');
  await expect(page.getByText('Discover hidden stories')).toBeVisible();

  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.getByText('Descubre historias ocultas')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect
    .poll(async () => (await user.request.get('/api/user/current')).json().then((u) => u.language))
    .toBe('es');

  await page.reload();
  await expect(page.getByText('Descubre historias ocultas')).toBeVisible();
  await page.getByRole('button', { name: 'Abrir el menú de la cuenta' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByText('Discover hidden stories')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await user.request.dispose();
});

test('the account menu writes distances in miles when chosen, on this device', async ({ page }) => {
  const author = await newAuthor('miles');
  const story = await createStoryViaApi(author, {
    ...northOf(SAVANNAH, 40),
    title: 'Bell Tower Steps',
    content: 'Count the steps on the way up.',
  });
  const reader = await newAuthor('milesreader');
  await signInAs(page, reader);
  await page.goto(`/stories/${story.id}`);
  const dialog = page.getByRole('dialog', { name: 'Bell Tower Steps' });
  await expect(dialog.getByText(/^\d+ m away$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Open account menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Kilometres' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: '/tmp/account-menu-distances-390.png' });
  await page.getByRole('menuitemradio', { name: 'Miles' }).click();
  await page.goto(`/stories/${story.id}`);
  // 40 m is 130 ft, to the nearest 10 (under a tenth of a mile).
  await expect(dialog.getByText(/^1[23]0 ft away$/)).toBeVisible();
  await page.reload();
  await expect(dialog.getByText(/^1[23]0 ft away$/)).toBeVisible();
  await author.request.dispose();
  await reader.request.dispose();
});
