/**
 * More of the spec's journeys with the keyboard alone (docs/accessibility.md), as keyboard-journeys.spec.ts: no
 * click, no fill — every control is reached with Tab (or Shift+Tab), used with Enter, Space, arrows or typing, and
 * the focused controls show a visible focus indicator. Making a tour in My Stories; walking it (the next stop's card
 * follows the fake GPS) and leaving walk mode; a moderator hiding a reported story from the queue. One screenshot
 * of a focused control per journey in /tmp/kbd-*.png.
 */
import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import {
  newAccount,
  registerViaApi,
  setupProfileViaApi,
  signUpAndSignIn,
  signInAsFirstAdmin,
} from './support/accounts';
import { readerHeaders } from './support/reader-address';
import { createStoryViaApi, northOf, SAVANNAH, type Author } from './support/stories';

const run = Date.now().toString(36);
// Places of their own, away from the other specs' stories.
const TOUR_PLACE = { latitude: 31.5, longitude: -81.9 };
const WALK_PLACE = { latitude: 31.46, longitude: -81.95 };
const MOD_PLACE = { latitude: SAVANNAH.latitude - 0.5, longitude: SAVANNAH.longitude - 0.45 };
/** An author with an API session of its own, from an address of its own (tests/e2e/support/reader-address.ts). */
async function newAuthorHere(prefix: string): Promise<Author> {
  const request = await playwrightRequest.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: readerHeaders(),
  });
  const account = await setupProfileViaApi(request, await registerViaApi(request, newAccount(prefix)));
  return { account, request };
}

/** The focus is visible: an outline, or a ring drawn by a box shadow. */
async function expectFocusVisible(target: Locator) {
  const shown = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
  });
  expect(shown, `focus on ${await target.evaluate((el) => el.outerHTML.slice(0, 120))} is visible`).toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus (at most `max` presses), then checks it is visible. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 })) {
      return expectFocusVisible(target);
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

async function typeInto(page: Page, field: Locator, text: string, back = false) {
  await tabTo(page, field, { back });
  await page.keyboard.type(text);
}

/** Focus is on `target`, visibly. */
async function expectFocusedVisibly(target: Locator) {
  await expect(target).toBeFocused();
  await expectFocusVisible(target);
}

test('make a tour in My Stories — with the keyboard alone', async ({ page, context }) => {
  test.setTimeout(60_000);
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation(TOUR_PLACE);
  const author = await newAuthorHere('kbdtour');
  try {
    const titles = ['Rope Walk', 'Salt Shed', 'Net Loft'].map((title) => `${title} ${run}`);
    for (const [i, title] of titles.entries())
      await createStoryViaApi(author, { ...northOf(TOUR_PLACE, i * 120), title, content: `Stop ${i + 1}.` });
    await context.addCookies((await author.request.storageState()).cookies);
    await page.goto('/my-stories');
    await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'New tour' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New tour' });
    // The dialog opens on its first field.
    await expectFocusedVisibly(dialog.getByLabel('Title'));
    await page.keyboard.type(`Harbour Walk ${run}`);
    await typeInto(page, dialog.getByLabel('Description (optional)'), 'Three stops along the quay.');

    // Added out of order: each "Add" hands the focus on to the next story's "Add" (the pressed one is gone).
    await tabTo(page, dialog.getByRole('button', { name: `Add ${titles[0]}` }));
    await page.keyboard.press('Enter');
    const addSecond = dialog.getByRole('button', { name: `Add ${titles[1]}` });
    await expectFocusedVisibly(addSecond);
    await tabTo(page, dialog.getByRole('button', { name: `Add ${titles[2]}` }));
    await page.keyboard.press('Space');
    await expectFocusedVisibly(addSecond);
    await page.screenshot({ path: '/tmp/kbd-tour.png' });
    await page.keyboard.press('Enter');
    // The last "Add" gone, the focus goes on to "Create tour".
    await expectFocusedVisibly(dialog.getByRole('button', { name: 'Create tour' }));
    await expect(dialog.locator('ol > li')).toHaveText([
      new RegExp(titles[0]!),
      new RegExp(titles[2]!),
      new RegExp(titles[1]!),
    ]);

    // Put right with "Move up": the focus stays on the moved stop's button.
    const up = dialog.getByRole('button', { name: `Move ${titles[1]} up` });
    await tabTo(page, up, { back: true });
    await page.keyboard.press('Enter');
    await expect(dialog.locator('ol > li')).toHaveText([
      new RegExp(titles[0]!),
      new RegExp(titles[1]!),
      new RegExp(titles[2]!),
    ]);
    await expectFocusedVisibly(up);
    // Down at the end: its own "Move down" turns disabled, the focus goes to its "Move up".
    await tabTo(page, dialog.getByRole('button', { name: `Move ${titles[1]} down` }));
    await page.keyboard.press('Enter');
    await expectFocusedVisibly(dialog.getByRole('button', { name: `Move ${titles[1]} up` }));
    await page.keyboard.press('Enter');
    await expect(dialog.locator('ol > li')).toHaveText([
      new RegExp(titles[0]!),
      new RegExp(titles[1]!),
      new RegExp(titles[2]!),
    ]);

    await tabTo(page, dialog.getByRole('button', { name: 'Create tour' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tours\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: `Harbour Walk ${run}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Stops' }).getByRole('listitem')).toHaveText([
      new RegExp(titles[0]!),
      new RegExp(titles[1]!),
      new RegExp(titles[2]!),
    ]);
    // The tour's page is reached by keyboard too: its stops are buttons in the tab order.
    await tabTo(
      page,
      page.getByRole('region', { name: 'Stops' }).getByRole('button', { name: new RegExp(titles[0]!) }),
    );
  } finally {
    await author.request.dispose();
  }
});

test('walk a tour and leave walk mode — with the keyboard alone', async ({ page, context }) => {
  test.setTimeout(60_000);
  const author = await newAuthorHere('kbdwalk');
  const titles = ['Pilot House', 'Tide Gauge', 'Old Quay'].map((title) => `${title} ${run}`);
  const stops = [0, 150, 300].map((metres) => northOf(WALK_PLACE, metres));
  let tourUrl: string;
  try {
    const ids: string[] = [];
    for (const [i, title] of titles.entries())
      ids.push((await createStoryViaApi(author, { ...stops[i]!, title, content: `Stop ${i + 1} words.` })).id);
    const created = await author.request.post('/api/tours', { data: { title: `Tide Walk ${run}`, storyIds: ids } });
    expect(created.status(), await created.text()).toBe(201);
    tourUrl = `/tours/${((await created.json()) as { id: string }).id}`;
  } finally {
    await author.request.dispose();
  }

  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation({ ...northOf(WALK_PLACE, -200), accuracy: 5 });
  await signUpAndSignIn(page);
  await page.goto(tourUrl);
  await expect(page.getByTestId('tour-progress')).toHaveText('0 of 3 found');

  const toggle = page.getByRole('button', { name: 'Walk this tour' });
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  const stopWalking = page.getByRole('button', { name: 'Stop walking' });
  await expect(stopWalking).toHaveAttribute('aria-pressed', 'true');
  await expectFocusedVisibly(stopWalking);
  await expect(page.getByText('Stop 1 of 3', { exact: true })).toBeVisible();
  await expect(page.getByTestId('walk-compass')).toHaveText(/^Next stop: (1|2)\d0 m north$/);

  // The first stop reached: its card, and the status moves on to the next stop.
  const card = page.getByRole('region', { name: 'Whisper found' });
  await context.setGeolocation({ ...northOf(stops[0]!, -5), accuracy: 5 });
  await expect(card.getByRole('heading', { name: titles[0] })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('walk-card-stop')).toHaveText('· Stop 1 of 3');
  await expect(page.getByTestId('tour-progress')).toHaveText('1 of 3 found');
  await expect(page.getByText('Stop 2 of 3', { exact: true })).toBeVisible();
  // The focus stayed on the toggle while the card came.
  await expectFocusedVisibly(stopWalking);

  // The second: the card follows.
  await context.setGeolocation({ ...northOf(stops[1]!, -5), accuracy: 5 });
  await expect(card.getByRole('heading', { name: titles[1] })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('walk-card-stop')).toHaveText('· Stop 2 of 3');
  await expect(page.getByText('Stop 3 of 3', { exact: true })).toBeVisible();

  // The card is fixed over the bottom of the screen: a stop focused under it is scrolled clear (2.4.11).
  const stopButtons = page.getByRole('region', { name: 'Stops' }).getByRole('button');
  for (const stopButton of [stopButtons.nth(1), stopButtons.nth(2)]) {
    await tabTo(page, stopButton);
    await expect
      .poll(() =>
        stopButton.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return [0.1, 0.5, 0.9].every((x) => {
            const hit = document.elementFromPoint(box.left + box.width * x, box.top + box.height / 2);
            return hit !== null && el.contains(hit);
          });
        }),
      )
      .toBe(true);
  }

  // The card is in the tab order; dismissing it gives the focus back to the walk toggle.
  const dismiss = card.getByRole('button', { name: 'Dismiss' });
  await tabTo(page, dismiss);
  await page.screenshot({ path: '/tmp/kbd-walk.png' });
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  await expectFocusedVisibly(stopWalking);

  // Leave walk mode.
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expectFocusedVisibly(toggle);
  await expect(page.getByTestId('walk-compass')).toHaveCount(0);
});

test('a moderator hides a reported story from the queue — with the keyboard alone', async ({ page, context }) => {
  test.setTimeout(60_000);
  const place = northOf(MOD_PLACE, Math.random() * 20_000);
  const author = await newAuthorHere('kbdmodauth');
  const reporter = await newAuthorHere('kbdmodrep');
  const title = `The ferryman ${run}`;
  try {
    const story = await createStoryViaApi(author, { ...place, title, content: 'He rows at midnight.' });
    const read = await reporter.request.get(`/api/stories/discoverable/${place.latitude}/${place.longitude}`);
    expect(read.status(), await read.text()).toBe(200);
    const report = await reporter.request.post(`/api/stories/${story.id}/report`, {
      data: { reason: 'spam', note: 'An advert for a boat trip.' },
    });
    expect(report.status(), await report.text()).toBe(201);
  } finally {
    await Promise.all([author.request.dispose(), reporter.request.dispose()]);
  }

  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation(place);
  await signInAsFirstAdmin(page);
  await page.goto('/');

  // The account menu: Enter opens it, the arrows move through it, Enter chooses "Moderation".
  const menuButton = page.getByRole('button', { name: 'Open account menu' });
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const moderation = menu.getByRole('menuitem', { name: 'Moderation' });
  for (let i = 0; i < 6 && !(await moderation.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expectFocusedVisibly(moderation);
  await page.screenshot({ path: '/tmp/kbd-moderation-menu.png' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/moderation$/);
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();

  const item = page.getByRole('article', { name: title });
  await expect(item.getByText('He rows at midnight.')).toBeVisible();
  const reason = item.getByLabel('Reason', { exact: true });
  await tabTo(page, reason, { max: 120 });
  // A closed select takes typed letters (and arrows): "Harassment or bullying".
  await page.keyboard.type('Harass');
  await expect(reason).toHaveValue('harassment');
  await typeInto(page, item.getByLabel('Note to the author (optional)'), 'Stories may not advertise.');
  const hide = item.getByRole('button', { name: 'Hide', exact: true });
  await tabTo(page, hide);
  await page.screenshot({ path: '/tmp/kbd-moderation.png' });
  await page.keyboard.press('Enter');
  await expect(page.locator('ol > li[data-state="open"]').getByText('Hide', { exact: true })).toBeVisible();
  // The queue updates: the story leaves it, and the focus goes on to what took its place, not to the page's top.
  await expect(item).toHaveCount(0);
  const focused = page.locator(':focus');
  await expect(focused).toHaveCount(1);
  await expect.poll(() => focused.evaluate((el) => el.closest('main') !== null && el.tagName !== 'BODY')).toBe(true);
  await expectFocusVisible(focused);
});
