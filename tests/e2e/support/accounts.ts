/**
 * Account helpers for end-to-end tests: make a user through the real API (fast, no UI) and, for tests that
 * need a browser that is already signed in, share the session with the page.
 */
import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readLatestResetCode } from '../../../server/src/mail/test-support/outbox';

export interface TestAccount {
  username: string;
  displayName: string;
  email: string;
  password: string;
}

/** An account that exists on the server (its user id included, e.g. for /api/stories/user/:id). */
export interface RegisteredAccount extends TestAccount {
  id: string;
}

export interface ProfileFields {
  username?: string;
  displayName?: string;
  bio?: string;
  favoriteStoryType?: 'audio' | 'text' | 'image' | '';
}

/** A fresh, unique account (username ≤ 20 characters: letters, digits, underscore). */
export function newAccount(prefix = 'e2e', overrides: Partial<TestAccount> = {}): TestAccount {
  const suffix = crypto.randomBytes(4).toString('hex');
  const username = `${prefix.replace(/[^A-Za-z0-9_]/g, '').slice(0, 10)}_${suffix}`;
  return {
    username,
    displayName: `Wanderer ${suffix}`,
    email: `${username}@example.test`,
    password: `pw-${crypto.randomBytes(6).toString('hex')}`,
    ...overrides,
  };
}

/**
 * POST /api/user/register. With `page.request` (or `context.request`) the session cookie lands in the page's
 * browser context, so the page is signed in afterwards; with the `request` fixture it stays separate.
 */
export async function registerViaApi(
  request: APIRequestContext,
  account: TestAccount = newAccount(),
): Promise<RegisteredAccount> {
  const res = await request.post('/api/user/register', { data: account });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()) as { id: string };
  return { ...account, id: user.id };
}

/** POST /api/user/setup for the signed-in account of this request context. */
export async function setupProfileViaApi(
  request: APIRequestContext,
  account: RegisteredAccount,
  fields: ProfileFields = {},
): Promise<RegisteredAccount> {
  const res = await request.post('/api/user/setup', {
    data: { username: account.username, displayName: account.displayName, bio: '', favoriteStoryType: '', ...fields },
  });
  expect(res.status(), await res.text()).toBe(200);
  const user = (await res.json()) as { username: string; displayName: string };
  return { ...account, username: user.username, displayName: user.displayName };
}

/**
 * Registers a new account through the API inside the page's browser context (so the page is signed in) and,
 * unless `setup: false`, completes its profile. Returns the account (with any profile changes applied).
 */
export async function signUpAndSignIn(
  page: Page,
  options: { account?: Partial<TestAccount>; profile?: ProfileFields; setup?: boolean } = {},
): Promise<RegisteredAccount> {
  const account = await registerViaApi(page.request, newAccount('e2e', options.account));
  if (options.setup === false) return account;
  return setupProfileViaApi(page.request, account, options.profile);
}

/**
 * The reset code most recently mailed to `email` (the app writes mails to DATA_DIR/outbox without SMTP).
 * Pass `except` (an earlier code) to wait for the next mail.
 */
export async function latestResetCode(email: string, except?: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through scripts/e2e.mjs');
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        code = await readLatestResetCode(dataDir, email);
        return code !== null && code !== except;
      },
      { message: `a reset mail to ${email}` },
    )
    .toBe(true);
  return code!;
}

/** The admin named in ADMIN_USERNAMES (scripts/e2e.mjs). */
const FIRST_ADMIN = {
  username: 'e2e_first_admin',
  displayName: 'First Admin',
  email: 'e2e_first_admin@example.test',
  password: 'first-admin-pw-1',
};

/** Signs the page in as the first admin: signed up on the first run against this server, signed in on later ones. */
export async function signInAsFirstAdmin(page: Page): Promise<void> {
  const registered = await page.request.post('/api/user/register', { data: FIRST_ADMIN });
  if (registered.status() === 201) {
    const user = (await registered.json()) as { id: string };
    await setupProfileViaApi(page.request, { ...FIRST_ADMIN, id: user.id });
    return;
  }
  expect(registered.status(), await registered.text()).toBe(409);
  const login = await page.request.post('/api/user/login', {
    data: { username: FIRST_ADMIN.username, password: FIRST_ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
}
