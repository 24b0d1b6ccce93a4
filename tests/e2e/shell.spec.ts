import { expect, test } from '@playwright/test';

test('home shows the product title, tagline and a Sign In button', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Whispers', { exact: true })).toBeVisible();
  await expect(banner.getByText('Discover hidden stories')).toBeVisible();
  await banner.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  const response = await page.goto('/no/such/place');
  expect(response?.status()).toBe(200); // SPA fallback; the client renders the 404 screen
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Map' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('unknown API paths answer 404 JSON', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(await res.json()).toHaveProperty('message');
});

test('a screen whose code fails to download shows a recover screen with Reload, not a blank page', async ({ page }) => {
  // Every route is a lazy chunk; drop the /auth one as a flaky network or a stale deploy would.
  await page.route(/\/assets\/auth-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/auth');
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();

  // Once the network is back, Reload brings the screen.
  await page.unroute(/\/assets\/auth-[\w-]+\.js$/);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
});
