/**
 * docs/design.md, rule 13, "On the phone", at 390×844 (the config's viewport): registration's inline errors (as one
 * types, as one leaves a field, all at once on submit) and the end of a password reset, signed in, in the app.
 */
import { expect, test } from '@playwright/test';
import { latestResetCode, newAccount, registerViaApi } from './support/accounts';
import { readerHeaders } from './support/reader-address';
import { openToast, seriousViolations } from './support/phone-layout';

const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
});

test('4. registration says what is wrong under each field, as one types or leaves it, all at once on submit', async ({
  page,
}) => {
  const registrations: string[] = [];
  page.on('request', (req) => req.url().endsWith('/api/user/register') && registrations.push(req.url()));
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create Account', exact: true }) });
  await expect(form).toHaveAttribute('novalidate', '');
  const username = page.getByLabel('Username', { exact: true });
  const displayName = page.getByLabel('Display Name', { exact: true });
  const email = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Password', { exact: true });

  // As one types: the username's message under it, gone once the value is fine.
  await username.fill('ab');
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await username.fill('luna moth');
  await expect(page.getByText('Username can only contain letters, numbers, and underscores')).toBeVisible();
  await username.fill(newAccount('inline').username);
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  // As one leaves a field: an empty display name says so.
  await displayName.focus();
  await email.focus();
  await expect(page.getByText('Display name must be at least 2 characters')).toBeVisible();

  // Submit with the rest wrong: every message at once, and nothing is sent.
  await email.fill('not-an-email');
  await password.fill('12345');
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.getByText('Display name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Valid email is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
  await expect(displayName).toBeFocused();
  expect(registrations).toEqual([]);
  await page.mouse.move(0, 0); // the pointer off the button: axe judges its resting colours, not the hover's
  await page.screenshot({ path: `${SCREENSHOTS}/phone-register-errors-390.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Put right, it registers and lands signed in.
  const chosen = await username.inputValue();
  await displayName.fill('Luna Moth');
  await email.fill(`${chosen.toLowerCase()}@example.test`);
  await password.fill('moonlit-oak');
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(registrations).toHaveLength(1);

  // The setup wizard does not ask again: it opens past what registration took (step 2), and names it.
  await page.goto('/setup');
  await expect(page.getByTestId('setup-identity')).toHaveText(
    `From your sign-up: Luna Moth (@${chosen}). Previous changes them.`,
  );
  await expect(page.getByLabel('Username', { exact: true })).toHaveCount(0);
});

test('5. a password reset ends signed in, in the app, with "Password Reset Successful!"', async ({ page, request }) => {
  const account = await registerViaApi(request, newAccount('reset'));
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Username').fill(account.username);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const code = await latestResetCode(account.email);
  await dialog.getByLabel('Reset code').fill(code);
  await dialog.getByLabel('New password', { exact: true }).fill('tidal-moon-77');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('tidal-moon-77');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(openToast(page).getByText('Password Reset Successful!', { exact: true })).toBeVisible();
  await expect(openToast(page).getByText("You're signed in with your new password.", { exact: true })).toBeVisible();
  await expect(page.getByText('You can now log in')).toHaveCount(0);
  await expect(page.locator('header').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  const current = await page.request.get('/api/user/current');
  expect(current.status()).toBe(200);
  expect(((await current.json()) as { username: string }).username).toBe(account.username);
  // The same browser at /auth is told it is signed in, not shown a login form.
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
});

test("6. login and forgot-password say under the field what the call's schema refuses, and send nothing", async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (req) => /\/api\/user\/(login|forgot-password)$/.test(req.url()) && sent.push(req.url()));
  await page.goto('/auth');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Sign In', exact: true }) });
  await expect(form).toHaveAttribute('novalidate', '');
  const username = form.getByLabel('Username', { exact: true });
  const password = form.getByLabel('Password', { exact: true });

  // Empty: both of loginRequestSchema's messages, the username focused; then a name too long for any account.
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(form.getByText('Username is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(username).toBeFocused();
  await password.fill('moonlit-oak');
  await expect(form.getByText('Password is required', { exact: true })).toHaveCount(0);
  await username.fill('x'.repeat(21));
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(form.getByText('Username must be less than 20 characters', { exact: true })).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SCREENSHOTS}/phone-login-errors-390.png`, fullPage: true });

  // Forgot password, with only spaces for a username: forgotPasswordRequestSchema's message, nothing mailed.
  await username.fill('');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog.locator('form')).toHaveAttribute('novalidate', '');
  await dialog.getByLabel('Username').fill('   ');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Username is required', { exact: true })).toBeVisible();
  await dialog.getByLabel('Username').fill('y'.repeat(21));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Username must be less than 20 characters', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  expect(sent).toEqual([]);
});
