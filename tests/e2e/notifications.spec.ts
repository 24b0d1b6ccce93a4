/**
 * Notifications end to end (docs/architecture.md, "Notifications"), two people in two browser contexts: B likes A's story and A's bell shows
 * 1 without a reload (the SSE stream); A reads it and is "All caught up!"; A walks (fake geolocation) into reach
 * of a third person's story and is told once. The open popover is axe-clean and looked at on a phone-sized screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Notification } from '#common/notification-schemas';
import { signUpAndSignIn } from './support/accounts';
import { createStoryViaApi, newAuthor, northOf, SAVANNAH } from './support/stories';

// Far from every other test's stories (they sit around Savannah): nothing else is within 1.5 km here.
const start = northOf(
  { latitude: SAVANNAH.latitude, longitude: SAVANNAH.longitude + 0.5 },
  40_000 + Math.random() * 20_000,
);
// Out of the 1.5 km reach from the start, and near enough to walk to in one step (the travel rule allows 2 km).
const farStory = northOf(start, 1_800);

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId('notification-badge');

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-radix-popper-content-wrapper]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a like reaches the author live, reading it clears the bell, and walking up to a story tells once', async ({
  browser,
}) => {
  const contextA = await browser.newContext({ geolocation: start, permissions: ['geolocation'] });
  const contextB = await browser.newContext({ geolocation: start, permissions: ['geolocation'] });
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  try {
    const a = await signUpAndSignIn(pageA);
    const b = await signUpAndSignIn(pageB);
    const storyOfA = await createStoryViaApi(
      { account: a, request: pageA.request },
      { ...northOf(start, 20), title: 'The tide clock', content: 'It strikes at low water.' },
    );
    // The far story has an author of its own: B stays at the start, where they read and like A's story.
    const storyOfB = await createStoryViaApi(await newAuthor('salt'), {
      ...farStory,
      title: 'The salt road',
      content: 'Walk it barefoot.',
    });

    await pageA.goto('/');
    await expect(bell(pageA)).toBeVisible();
    await expect(badge(pageA)).toHaveCount(0);
    await bell(pageA).click();
    await expect(pageA.getByText('No notifications yet')).toBeVisible();
    await expect(pageA.getByText("You'll see story alerts and updates here")).toBeVisible();
    await expect(pageA.getByText('All caught up!')).toBeVisible();
    await pageA.getByRole('button', { name: 'Close' }).click();

    // B likes A's story; A's badge turns to 1 without a reload.
    await pageB.goto(`/stories/${storyOfA.id}`);
    const dialogB = pageB.getByRole('dialog', { name: storyOfA.title });
    await dialogB.getByRole('button', { name: /^Like/ }).click();
    await expect(dialogB.getByRole('button', { name: /^Like/ })).toHaveText('1');
    await expect(badge(pageA)).toHaveText('1', { timeout: 5_000 });

    // A opens the popover: one unread, from B.
    await bell(pageA).click();
    const popover = pageA.getByRole('dialog', { name: 'Notifications' });
    await expect(popover.getByText('1 unread')).toBeVisible();
    const item = popover.getByRole('button', {
      name: new RegExp(`${b.displayName} liked your story “The tide clock”`),
    });
    await expect(item).toBeVisible();
    expect(await seriousViolations(pageA)).toEqual([]);
    await pageA.screenshot({ path: '/tmp/notify-popover-390.png' });

    // Reading it opens its story and clears the bell.
    await item.click();
    await expect(pageA).toHaveURL(new RegExp(`/stories/${storyOfA.id}$`));
    const dialogA = pageA.getByRole('dialog', { name: storyOfA.title });
    await expect(dialogA).toBeVisible();
    await expect(badge(pageA)).toHaveCount(0);
    await dialogA.getByRole('button', { name: 'Close' }).first().click();
    await bell(pageA).click();
    await expect(popover.getByText('All caught up!')).toBeVisible();
    await popover.getByRole('button', { name: 'Close' }).click();

    // A walks to B's story: told once (the read that finds it unlocks it), live.
    await contextA.setGeolocation(northOf(farStory, -40));
    await expect(badge(pageA)).toHaveText('1', { timeout: 15_000 });
    await bell(pageA).click();
    await expect(popover.getByText('You unlocked “The salt road”. It is yours to read now.')).toBeVisible();
    await pageA.screenshot({ path: '/tmp/notify-popover-unlocked-390.png' });
    await popover.getByRole('button', { name: 'Read All' }).click();
    await expect(popover.getByText('All caught up!')).toBeVisible();
    await popover.getByRole('button', { name: 'Close' }).click();

    // Walking about near it, and coming back, tells nothing more.
    await contextA.setGeolocation(northOf(farStory, 30));
    await pageA.reload();
    await contextA.setGeolocation(northOf(farStory, -40));
    await pageA.reload();
    await expect(bell(pageA)).toBeVisible();
    await expect
      .poll(async () => {
        const res = await pageA.request.get('/api/notifications');
        return ((await res.json()) as Notification[]).filter((n) => n.storyId === storyOfB.id).length;
      })
      .toBe(1);
    await expect(badge(pageA)).toHaveCount(0);

    await pageA.setViewportSize({ width: 1280, height: 800 });
    await bell(pageA).click();
    await expect(popover).toBeVisible();
    await pageA.screenshot({ path: '/tmp/notify-popover-1280.png' });
  } finally {
    await contextA.close();
    await contextB.close();
  }
});
