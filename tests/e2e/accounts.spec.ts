import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { latestResetCode, newAccount, registerViaApi, signUpAndSignIn } from './support/accounts';
import { expectNothingWider } from './support/fits';

/**
 * The toast region. Radix also copies toast text into a hidden announcer, so look only inside the region; it
 * counts as hidden to the accessibility tree while a modal dialog is open (the announcer still speaks then).
 */
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/, includeHidden: true });
const accountMenuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Open account menu' });

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('register → wizard → initials → sign out → sign in → reset the password by mailed code → sign in', async ({
  page,
}) => {
  const account = newAccount('luna', { displayName: 'Luna Moth' });

  // --- Create Account ---
  await page.goto('/auth');
  await expect(page.getByRole('link', { name: 'Back to Map' })).toBeVisible();
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Display Name', { exact: true }).fill(account.displayName);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(account.password);
  await expect(page.getByText('Must be at least 6 characters')).toBeVisible();
  // Hidden by default, shown on demand, and never echoed as text elsewhere (docs/design.md, rule 6).
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  await expect(page.getByText(account.password)).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();

  // --- lands on / signed in, pointed to /setup ---
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page).getByText('Account Created!')).toBeVisible();
  await expect(toasts(page).getByText("You're now logged in.")).toBeVisible();
  // The account menu is there before the setup is finished: "Finish your profile" first, Sign Out too.
  await expect(accountMenuButton(page)).toContainText('LM');
  await accountMenuButton(page).click();
  const unfinished = page.getByRole('menu');
  await expect(unfinished.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  await expect(unfinished.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNothingWider(page);
  }
  await page.screenshot({ path: '/tmp/account-menu-unfinished-390.png' });
  await unfinished.getByRole('menuitem', { name: 'Finish your profile' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  // Blocked authors are in reach before the profile is finished too.
  await expect(page.getByRole('heading', { name: 'Blocked authors' })).toBeVisible();

  // --- the wizard: it does not ask again what sign-up gave (docs/decisions/051-walker-stumbles-fourth-round.md) ---
  await expect(page.getByRole('heading', { name: 'Tell Your Story' })).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByTestId('setup-identity')).toHaveText(
    `From your sign-up: Luna Moth (@${account.username}). Previous changes them.`,
  );
  await expect(page.getByLabel('Username', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous' }).click(); // still leads back to change them
  await expect(page.getByRole('heading', { name: 'Create Your Identity' })).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(account.username);
  await expect(page.getByLabel('Display Name', { exact: true })).toHaveValue('Luna Moth');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Tell Your Story' })).toBeVisible();
  await page.getByLabel('Bio').fill('I collect the stories that old oaks keep.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Magic' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Audio Stories/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Visual Stories/ })).toBeVisible();
  await page.getByRole('radio', { name: /Written Stories/ }).click();
  await expect(page.getByRole('radio', { name: /Written Stories/ })).toBeChecked();
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(toasts(page).getByText('Welcome to Whispers! ✨')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // --- avatar initials and the "My Account" menu ---
  await expect(accountMenuButton(page)).toHaveText('LM');
  await accountMenuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('My Account')).toBeVisible();
  await expect(menu.getByText('Luna Moth')).toBeVisible();
  await expect(menu.getByText(`@${account.username}`)).toBeVisible();
  await expect(menu.getByText('I collect the stories that old oaks keep.')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByText('Written Stories')).toBeVisible(); // the read-only profile now

  // --- sign out from the menu ---
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  expect((await page.request.get('/api/user/current')).status()).toBe(401);

  // --- sign in again ---
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page).getByText('Welcome Back!')).toBeVisible();
  await expect(accountMenuButton(page)).toHaveText('LM');
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // --- forgot password: username → code from the mail + new password ---
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Username').fill(account.username);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(toasts(page).getByText('Username Found')).toBeVisible();
  await expect(toasts(page).getByText('Please enter your new password below.')).toBeVisible();
  const code = await latestResetCode(account.email);
  expect(code.length).toBeGreaterThanOrEqual(8);

  const newPassword = 'moonlit-oak-42';
  await dialog.getByLabel('Reset code').fill(code);
  await dialog.getByLabel('New password', { exact: true }).fill('short');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toasts(page).getByText('Password Too Short')).toBeVisible();
  await expect(toasts(page).getByText('Password must be at least 6 characters long.')).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}!`);
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toasts(page).getByText("Passwords Don't Match")).toBeVisible();
  await expect(toasts(page).getByText('Please make sure both passwords are identical.')).toBeVisible();
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  // --- one consistent end (docs/design.md, rule 13): the reset signed this browser in, so it lands in the app signed in ---
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page).getByText('Password Reset Successful!')).toBeVisible();
  await expect(toasts(page).getByText("You're signed in with your new password.")).toBeVisible();
  await expect(page.getByText('You can now log in with your new password.')).toHaveCount(0);
  await expect(accountMenuButton(page)).toHaveText('LM');
  expect((await page.request.get('/api/user/current')).status()).toBe(200);

  // --- the old password no longer works; the new one does ---
  const oldLogin = await page.request.post('/api/user/login', {
    data: { username: account.username, password: account.password },
  });
  expect(oldLogin.status()).toBe(401);
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenuButton(page)).toHaveText('LM');
});

test('a wrong password shows "Login Failed"', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await page.goto('/auth');
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toasts(page).getByText('Login Failed')).toBeVisible();
  await expect(toasts(page).getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('registration errors: the form\'s own under the field, the server\'s in a "Registration Failed" toast', async ({
  page,
  request,
}) => {
  const taken = await registerViaApi(request);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const fresh = newAccount();
  await page.getByLabel('Username', { exact: true }).fill(fresh.username);
  await page.getByLabel('Display Name', { exact: true }).fill(fresh.displayName);
  await page.getByLabel('Email', { exact: true }).fill(fresh.email);
  // The shared schema's minimum, said under the field as it is typed (docs/design.md, rule 13); nothing is sent.
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.locator('#register-password-error')).toHaveText('Password must be at least 6 characters');
  await expect(toasts(page).getByText('Registration Failed')).toHaveCount(0);

  await page.getByLabel('Username', { exact: true }).fill(taken.username.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('long-enough');
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(toasts(page).getByText('Registration Failed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('forgot password: an unknown username, then Cancel starts over', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Username').fill('nobody_by_that_name');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(toasts(page).getByText('Username Not Found')).toBeVisible();
  await expect(toasts(page).getByText('No account found with that username.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeVisible(); // still step 1

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(dialog.getByLabel('Username')).toHaveValue(''); // reset, taken from the empty login field
});

test('the wizard shows the spec messages inline and blocks Next while a step is invalid', async ({ page }) => {
  await signUpAndSignIn(page, { setup: false });
  await page.goto('/setup');
  await page.getByRole('button', { name: 'Previous' }).click(); // step 1 is done by sign-up: back to change it
  const username = page.getByLabel('Username', { exact: true });
  const displayName = page.getByLabel('Display Name', { exact: true });
  const next = page.getByRole('button', { name: 'Next' });

  await username.fill('ab');
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(next).toBeDisabled();
  await username.fill('a'.repeat(21));
  await expect(page.getByText('Username must be less than 20 characters')).toBeVisible();
  await username.fill('bad name!');
  await expect(page.getByText('Username can only contain letters, numbers, and underscores')).toBeVisible();
  await displayName.fill('A');
  await expect(page.getByText('Display name must be at least 2 characters')).toBeVisible();
  await displayName.fill('x'.repeat(51));
  await expect(page.getByText('Display name must be less than 50 characters')).toBeVisible();
  await expect(next).toBeDisabled();
  // Enter does not get past an invalid step either.
  await displayName.press('Enter');
  await expect(page.getByRole('heading', { name: 'Create Your Identity' })).toBeVisible();

  const newUsername = `fixed_${Date.now().toString(36)}`.slice(0, 20);
  await username.fill(newUsername);
  await displayName.fill('Old Town Ghost');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(next).toBeEnabled();
  await next.click();

  await expect(page.getByRole('heading', { name: 'Tell Your Story' })).toBeVisible();
  await page.getByLabel('Bio').fill('b'.repeat(151));
  await expect(page.getByText('Bio must be less than 150 characters')).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByLabel('Bio').fill('b'.repeat(150));
  await expect(next).toBeEnabled();

  // Previous goes back to step 1 with the values kept.
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Identity' })).toBeVisible();
  await expect(username).toHaveValue(newUsername);
});

test('the wizard refuses a username someone else has', async ({ page, request }) => {
  const other = await registerViaApi(request);
  await signUpAndSignIn(page, { setup: false });
  await page.goto('/setup');
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByLabel('Username', { exact: true }).fill(other.username.toUpperCase());
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('That username is already taken.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Your Identity' })).toBeVisible();
});

test('a set-up profile is read-only until "Edit Profile"; "Sign Out" goes through the logout path', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, {
    account: { displayName: 'Marsh Lantern' },
    profile: { bio: 'Lights over the marsh.', favoriteStoryType: 'audio' },
  });
  await page.goto('/setup');
  await expect(page.getByText('Marsh Lantern')).toBeVisible();
  await expect(page.getByText(`@${account.username}`)).toBeVisible();
  await expect(page.getByText('Lights over the marsh.')).toBeVisible();
  await expect(page.getByText('Audio Stories')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Map' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Display Name', { exact: true }).fill('M');
  await expect(page.getByText('Display name must be at least 2 characters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await page.getByLabel('Display Name', { exact: true }).fill('Marsh Lantern Keeper');
  await page.getByRole('radio', { name: /Visual Stories/ }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Profile Updated')).toBeVisible();
  await expect(page.getByText('Marsh Lantern Keeper')).toBeVisible();
  await expect(page.getByText('Visual Stories')).toBeVisible();
  await expect(accountMenuButton(page)).toHaveText('ML');

  const current = await (await page.request.get('/api/user/current')).json();
  expect(current).toMatchObject({
    displayName: 'Marsh Lantern Keeper',
    favoriteStoryType: 'image',
    isSetupComplete: true,
  });

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.request.get('/api/user/current')).status()).toBe(401);
});

test('signed out, /setup leads to /auth; signed in with setup pending, /auth points to /setup', async ({ page }) => {
  await page.goto('/setup');
  await expect(page).toHaveURL(/\/auth$/);
  const account = await signUpAndSignIn(page, { setup: false });
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: "You're already signed in" })).toBeVisible();
  await expect(page.getByText(`@${account.username}`)).toBeVisible();
  await page.getByRole('link', { name: 'Set Up Profile' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'Tell Your Story' })).toBeVisible();
});

test('a failed sign-out still clears the cached data and goes to /auth with "Sign Out Failed"', async ({ page }) => {
  await signUpAndSignIn(page);
  await page.goto('/');
  let logoutCalls = 0;
  await page.route('**/api/logout', (route) => {
    logoutCalls++;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
  });
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toasts(page).getByText('Sign Out Failed')).toBeVisible();
  await expect(toasts(page).getByText('Something went wrong')).toBeVisible();
  expect(logoutCalls).toBe(1);
  // The session survived on the server: /auth says so (fresh data, the cache was cleared) instead of bouncing.
  await expect(page.getByRole('heading', { name: "You're already signed in" })).toBeVisible();
  await page.unroute('**/api/logout');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/api/user/current')).status()).toBe(401);
});

test('the account menu and the wizard work from the keyboard', async ({ page }) => {
  await signUpAndSignIn(page, { account: { displayName: 'Key Keeper' } });
  await page.goto('/');
  await accountMenuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeFocused(); // opened by key: first item
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  // Enter only once focus is back: pressed earlier it would go to "Sign Out".
  await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/setup$/);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('radio', { name: /Audio Stories/ }).focus();
  // Radix checks the radio that focus moves to while an arrow key is held (a press shorter than a tick is not).
  await page.keyboard.down('ArrowRight');
  await expect(page.getByRole('radio', { name: /Written Stories/ })).toBeChecked();
  await page.keyboard.up('ArrowRight');
  await page.getByLabel('Display Name', { exact: true }).press('Enter'); // Enter saves the form
  await expect(toasts(page).getByText('Profile Updated')).toBeVisible();
  await expect(page.getByText('Written Stories')).toBeVisible();
});

test('no serious accessibility violations on /auth and /setup', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  await signUpAndSignIn(page, { setup: false });
  await page.goto('/setup');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Identity' })).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill('x');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Username', { exact: true }).fill(`ok_${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Magic' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/setup');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
