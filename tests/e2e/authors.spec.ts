/**
 * Authors in control (docs/design.md, rule 13), at 390×844: edit and delete your story from My Stories and from the story
 * dialog, no Like or Report on your own story, My Stories keeps Create and shows likes, and the profile screen's
 * "Your data": download it, delete the account (password-confirmed) so nothing of it is left.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Story } from '#common/schemas';
import { registerViaApi, signUpAndSignIn, type RegisteredAccount } from './support/accounts';
import { createStoryViaApi, imagePng, newAuthor, northOf, SAVANNAH, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';

const here = northOf(SAVANNAH, 20);

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join(', ')})`,
    ),
  ).toEqual([]);
}

/** Screenshots at phone and desktop width, for looking at the screen (not compared). */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/authors-${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `/tmp/authors-${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A signed-in page whose account wrote one text story; `page.request` carries its session. */
async function signedInAuthor(page: Page, title: string): Promise<{ account: RegisteredAccount; story: Story }> {
  const account = await signUpAndSignIn(page);
  const story = await createStoryViaApi(
    { account, request: page.request },
    {
      ...here,
      title,
      type: 'text',
      category: 'History',
      description: 'Told at the corner.',
      content: 'The bells rang twice that night.',
    },
  );
  return { account, story };
}

/** Another reader walks up to the story and likes it. */
async function likedBySomeoneElse(story: Story) {
  const liker: Author = await newAuthor('liker');
  try {
    const headers = readerHeaders();
    const read = await liker.request.get(`/api/stories/${story.id}?lat=${story.latitude}&lng=${story.longitude}`, {
      headers,
    });
    expect(((await read.json()) as Story).isLocked).toBe(false);
    expect((await liker.request.post(`/api/stories/${story.id}/like`, { headers })).status()).toBe(200);
  } finally {
    await liker.request.dispose();
  }
}

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation(here);
});

test('My Stories keeps a Create button, shows likes, and edits a story round trip', async ({ page }) => {
  const { story } = await signedInAuthor(page, 'Bell Tower');
  await likedBySomeoneElse(story);

  await page.goto('/my-stories');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Bell Tower/ }) });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('story-likes')).toHaveText('1 like · likes are public');
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'my-stories');

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Create Story' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Create Story' })).toBeHidden();

  await item.getByRole('button', { name: 'Edit “Bell Tower”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit story' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Bell Tower');
  await expect(dialog.getByLabel('Story')).toHaveValue('The bells rang twice that night.');
  // The shared rules, before anything is sent.
  await dialog.getByLabel('Title').fill('   ');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Missing information: Please fill in all required fields.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'edit-dialog');

  await dialog.getByLabel('Title').fill('Bell Tower at Dusk');
  await dialog.getByLabel('Description').fill('Told at the old corner.');
  await dialog.getByLabel('Category').selectOption('Mystery');
  await dialog.getByLabel('Story').fill('The bells rang three times that night.');
  await dialog.getByLabel('Unlock condition').selectOption('season');
  await dialog.getByLabel('Season').selectOption('winter');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Story updated').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Bell Tower at Dusk/ })).toBeVisible();

  const saved = (await (await page.request.get(`/api/stories/${story.id}`)).json()) as Story;
  expect(saved).toMatchObject({
    title: 'Bell Tower at Dusk',
    description: 'Told at the old corner.',
    category: 'Mystery',
    content: 'The bells rang three times that night.',
    timeRestriction: 'season',
    unlockSeason: 'winter',
    type: 'text',
    latitude: story.latitude,
  });
});

test('deleting from My Stories asks first; Keep it keeps it, Delete removes it', async ({ page }) => {
  const { story } = await signedInAuthor(page, 'Old Ferry');
  await page.goto('/my-stories');
  const card = page.getByRole('button', { name: /^Old Ferry/ });
  await expect(card).toBeVisible();

  await page.getByRole('button', { name: 'Delete “Old Ferry”' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this story?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'delete-confirm');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();

  await page.getByRole('button', { name: 'Delete “Old Ferry”' }).click();
  await confirm.getByRole('button', { name: 'Delete story' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeHidden();
  await expect(page.getByText('Story deleted').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Your First Story' })).toBeVisible();
  expect((await page.request.get(`/api/stories/${story.id}`)).status()).toBe(404);
});

test('your own story offers Edit and Delete, never Like or Report; deleting from the dialog closes it', async ({
  page,
}) => {
  const { story } = await signedInAuthor(page, 'Quiet Pier');
  const other = await newAuthor('neighbour');
  const theirs = await createStoryViaApi(other, {
    ...here,
    title: 'Loud Pier',
    type: 'text',
    content: 'Gulls everywhere.',
  });
  await other.request.dispose();

  // Someone else's story: Like and Report are there, Edit and Delete are not.
  await page.goto(`/stories/${theirs.id}`);
  const theirDialog = page.getByRole('dialog', { name: 'Loud Pier' });
  await expect(theirDialog.getByRole('button', { name: /^Like/ })).toBeVisible();
  await expect(theirDialog.getByRole('button', { name: 'Report' })).toBeVisible();
  await expect(theirDialog.getByRole('button', { name: /^Edit/ })).toHaveCount(0);

  await page.goto(`/stories/${story.id}`);
  const dialog = page.getByRole('dialog', { name: 'Quiet Pier' });
  await expect(dialog.getByText('The bells rang twice that night.')).toBeVisible();
  await expect(dialog.getByText('0 likes')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Like/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Edit “Quiet Pier”' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'own-story-dialog');

  await dialog.getByRole('button', { name: 'Delete “Quiet Pier”' }).click();
  await page.getByRole('dialog', { name: 'Delete this story?' }).getByRole('button', { name: 'Delete story' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Story deleted').first()).toBeVisible();
  expect((await page.request.get(`/api/stories/${story.id}`)).status()).toBe(404);
});

test('the profile screen downloads your data and deletes the account with its password', async ({ page }) => {
  const account = await signUpAndSignIn(page);
  const story = await createStoryViaApi(
    { account, request: page.request },
    { ...here, title: 'Gate Photo', type: 'image', category: 'Fantasy' },
    imagePng(),
  );
  const dataDir = process.env.E2E_DATA_DIR;
  const storyFolder = dataDir ? path.join(dataDir, 'media', 'stories', story.id) : null;
  if (storyFolder) expect(fs.readdirSync(storyFolder).length).toBeGreaterThan(0);

  await page.goto('/setup');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'profile-your-data');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download your data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^whispers-data-${account.username}-.*\\.json$`));
  const file = fs.readFileSync(await download.path());
  const data = JSON.parse(file.toString('utf8')) as {
    profile: { username: string };
    stories: { title: string; media: { imageUrl: string } }[];
  };
  expect(data.profile.username).toBe(account.username);
  expect(data.stories.map((s) => s.title)).toEqual(['Gate Photo']);
  expect(data.stories[0]!.media.imageUrl).toMatch(/^\/api\/media\//);
  expect(file.toString('utf8')).not.toMatch(/argon2|passwordHash|token/i);

  await section.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByLabel('Password').fill('not-the-password');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm.getByText('That password is not right. Your account was not deleted.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'delete-account');
  expect((await page.request.get('/api/user/current')).status()).toBe(200);

  await confirm.getByLabel('Password').fill(account.password);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Account deleted').first()).toBeVisible();

  expect((await page.request.get('/api/user/current')).status()).toBe(401);
  expect((await page.request.get(`/api/stories/${story.id}`)).status()).toBe(404);
  if (storyFolder) expect(fs.existsSync(storyFolder) ? fs.readdirSync(storyFolder) : []).toEqual([]);
  // The same username and email can register again.
  await registerViaApi(page.request, {
    username: account.username,
    displayName: account.displayName,
    email: account.email,
    password: account.password,
  });
});
