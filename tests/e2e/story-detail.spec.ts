/**
 * Story detail dialog (docs/design.md, part 2): every story type opened by deep link, the audio player on what the
 * server stored, like / share / report from a second user, and the distance lock opening as the reader walks up.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Story } from '#common/schemas';
import { newAccount, registerViaApi } from './support/accounts';
import {
  audioWebm,
  createStoryViaApi,
  imagePng,
  newAuthor,
  northOf,
  SAVANNAH,
  videoMp4,
  type Author,
} from './support/stories';
import { readerHeaders } from './support/reader-address';

const run = Date.now().toString(36);
const here = northOf(SAVANNAH, 30);
let author: Author;
const stories: Record<'text' | 'tiktok' | 'audio' | 'image' | 'video', Story> = {} as never;

test.beforeAll(async () => {
  author = await newAuthor('detail');
  stories.text = await createStoryViaApi(author, {
    ...here,
    title: `Lantern Letter ${run}`,
    type: 'text',
    category: 'History',
    description: 'Found under the third bench.',
    content: 'The lantern still burns for the ships that never came home.',
  });
  stories.tiktok = await createStoryViaApi(author, {
    ...here,
    title: `Square Dance ${run}`,
    type: 'tiktok',
    category: 'Adventure',
    tiktokUrl: 'https://www.tiktok.com/@whisper/video/7234567890123456789',
  });
  stories.audio = await createStoryViaApi(
    author,
    { ...here, title: `River Hum ${run}`, type: 'audio', category: 'Mystery' },
    audioWebm(25),
  );
  stories.image = await createStoryViaApi(
    author,
    { ...here, title: `Old Gate ${run}`, type: 'image', category: 'Fantasy' },
    imagePng(),
  );
  stories.video = await createStoryViaApi(
    author,
    { ...here, title: `Fountain Clip ${run}`, type: 'video', category: 'Personal' },
    videoMp4(),
  );
});

test.afterAll(async () => {
  await author?.request.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
});

async function openStory(page: Page, story: Story) {
  await page.goto(`/stories/${story.id}`);
  const dialog = page.getByRole('dialog', { name: story.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: story.title })).toBeVisible();
  return dialog;
}

test('a text story shows its content, badges and created date; closing returns home', async ({ page }) => {
  const dialog = await openStory(page, stories.text);
  await expect(dialog.getByText('The lantern still burns')).toBeVisible();
  await expect(dialog.getByText('Found under the third bench.')).toBeVisible();
  await expect(dialog.getByText('Text Story')).toBeVisible();
  await expect(dialog.getByText(/History$/)).toBeVisible();
  await expect(dialog.getByText('Created Today')).toBeVisible();
  await expect(dialog.getByText(/\d+ m away/)).toBeVisible();
  await expect(dialog.getByText(author.account.displayName)).toBeVisible();
  await page.screenshot({ path: '/tmp/d1-detail-text.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a TikTok story shows the TikTok card with both links and the video id', async ({ page }) => {
  const dialog = await openStory(page, stories.tiktok);
  await expect(dialog.getByRole('link', { name: 'Watch on TikTok' })).toHaveAttribute('href', /7234567890123456789/);
  await expect(dialog.getByRole('link', { name: 'View original on TikTok' })).toHaveAttribute('href', /tiktok\.com/);
  await expect(dialog.getByText('Video ID: 7234567890123456789')).toBeVisible();
});

test('the audio player plays the stored file, knows its duration and skips 15 s both ways', async ({ page }) => {
  const dialog = await openStory(page, stories.audio);
  const audio = dialog.locator('audio');
  await expect(audio).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Play' }).click();
  await expect(dialog.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
  const duration = await audio.evaluate((a: HTMLAudioElement) => a.duration);
  expect(duration).toBeGreaterThan(24);
  expect(duration).toBeLessThan(26);
  await expect(dialog.getByText('0:25', { exact: true })).toHaveCount(2); // header and player

  const before = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  await dialog.getByRole('button', { name: 'Skip forward 15 seconds' }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(before + 14.5);
  await dialog.getByRole('button', { name: 'Pause' }).click();
  const forward = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  await dialog.getByRole('button', { name: 'Skip back 15 seconds' }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeLessThanOrEqual(forward - 14.5);
  await expect(dialog.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  await page.screenshot({ path: '/tmp/d1-detail-audio.png' });
});

test('image and video stories show their media (video at volume 0.8, unmuted)', async ({ page }) => {
  let dialog = await openStory(page, stories.image);
  const img = dialog.getByRole('img', { name: stories.image.title });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await expect(dialog.getByText('Image Story')).toBeVisible();

  dialog = await openStory(page, stories.video);
  const video = dialog.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(
    await video.evaluate((v: HTMLVideoElement) => ({ volume: v.volume, muted: v.muted, controls: v.controls })),
  ).toEqual({
    volume: 0.8,
    muted: false,
    controls: true,
  });
  await page.screenshot({ path: '/tmp/d1-detail-video.png' });
});

test('a second user likes (count + 1, then shown as on), shares by clipboard and reports', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation', 'clipboard-read', 'clipboard-write']);
  await registerViaApi(page.request, newAccount('reader'));
  const dialog = await openStory(page, stories.image);
  const like = dialog.getByRole('button', { name: /^Like/ });
  await expect(like).toHaveText('0');
  await like.click();
  await expect(page.getByText('Thank you for supporting this story.', { exact: true })).toBeVisible();
  await expect(like).toHaveText('1');
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Story link copied to clipboard.', { exact: true })).toBeVisible();
  // Repeated inside the dialog for screen readers (the open dialog hides the toast list from them).
  await expect(dialog.getByRole('status').filter({ hasText: 'Story link copied to clipboard.' })).toHaveCount(1);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/stories/${stories.image.id}$`));

  await dialog.getByRole('button', { name: 'Report' }).click();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose a reason from the list.')).toBeVisible();
  await dialog.getByLabel('Why are you reporting this story?').selectOption({ label: 'Personal information' });
  await dialog.getByLabel('Anything else a moderator should know? (optional)').fill('Contains a phone number');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you for helping keep our community safe.', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Reported', { exact: true })).toBeVisible();

  // The like is stored: reopening shows it and keeps the button disabled.
  const again = await openStory(page, stories.image);
  await expect(again.getByRole('button', { name: /^Like/ })).toHaveText('1');
  await expect(again.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
});

test('signed out, like asks to sign in', async ({ page }) => {
  const dialog = await openStory(page, stories.text);
  await dialog.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByText('Account Required', { exact: true })).toBeVisible();
  await expect(page.locator('ol').getByText('Please sign in to like stories.')).toBeVisible(); // the toast list
  // The dialog traps focus, so it says the same itself, with a Sign In reachable from the keyboard.
  await expect(dialog.getByRole('alert')).toContainText('Please sign in to like stories.');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth$/);
});

test('500 m away the story is locked without content; within 100 m it opens', async ({ page, context }) => {
  const spot = northOf(SAVANNAH, 3_000);
  // An author of its own: `author` placed stories 3 km away a moment ago (a pin moves at most 200 m, docs/security.md, "Location: a position is a claim").
  const towerAuthor = await newAuthor('tower');
  const secret = await createStoryViaApi(towerAuthor, {
    ...spot,
    title: `Bell Tower ${run}`,
    type: 'text',
    category: 'Horror',
    content: 'The bell rings thirteen times at midnight.',
  });
  await registerViaApi(page.request, newAccount('walker'));
  await context.setGeolocation(northOf(spot, 500));
  let dialog = await openStory(page, secret);
  await expect(dialog.getByText('Walk closer to unlock this story')).toBeVisible();
  await expect(dialog.getByText(/About (39\d|40\d) m more to go\./)).toBeVisible();
  await expect(dialog.getByText('The bell rings thirteen times')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/d1-detail-locked.png' });

  await context.setGeolocation(northOf(spot, 40));
  await page.reload();
  dialog = page.getByRole('dialog', { name: secret.title });
  await expect(dialog.getByText('The bell rings thirteen times at midnight.')).toBeVisible();
  await expect(dialog.getByText('Walk closer to unlock this story')).toHaveCount(0);
  await towerAuthor.request.dispose();
});

test("the author's own story opens from far away: the client trusts the server's lock", async ({ page, context }) => {
  // Regression: the client once re-decided locks by distance and showed its author "Walk closer".
  const spot = northOf(SAVANNAH, 6_000);
  const me = { account: await registerViaApi(page.request, newAccount('faraway')), request: page.request };
  const mine = await createStoryViaApi(me, {
    ...spot,
    title: `Far Lighthouse ${run}`,
    type: 'text',
    category: 'Personal',
    content: 'I left this note at the end of the pier.',
  });
  // 600 m away: beyond the 100 m unlock radius, inside the 1.5 km of Nearby Whispers.
  await context.setGeolocation(northOf(spot, 600));

  await page.goto('/');
  const card = page
    .getByRole('region', { name: 'Nearby Whispers' })
    .getByRole('button', { name: new RegExp(`^${mine.title}`) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/(59\d|60\d)m/);
  await expect(card).not.toContainText('Walk closer');
  await card.click();
  const dialog = page.getByRole('dialog', { name: mine.title });
  await expect(dialog.getByText('I left this note at the end of the pier.')).toBeVisible();
  await expect(dialog.getByText('Walk closer to unlock this story')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A deep link from 6 km away (the map and the dialog ask the server with the reader's position).
  await context.setGeolocation(SAVANNAH);
  const opened = await openStory(page, mine);
  await expect(opened.getByText('I left this note at the end of the pier.')).toBeVisible();
  await expect(opened.getByText('Walk closer to unlock this story')).toHaveCount(0);
});
