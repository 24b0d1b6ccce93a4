/**
 * Moderation end to end (docs/moderation.md) on a phone-sized screen, five people in their own browser contexts: reader A
 * reports a story with a reason and a note and sees "Reported"; admin M (made by ADMIN_USERNAMES, which
 * scripts/e2e.mjs sets) finds "Moderation" in the account menu, sees the report with its reason on /moderation,
 * hides the story with a reason and makes P a moderator in the app; the author is given the statement of reasons
 * and appeals from My Stories; M cannot decide the appeal, moderator P reverses it; the author is told, and so is
 * the reporter. /moderation and the appeal screen are axe-clean; screenshots at 390×844 and 1280.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Notification } from '#common/notification-schemas';
import { newAccount, setupProfileViaApi, signUpAndSignIn, signInAsFirstAdmin } from './support/accounts';
import { createStoryViaApi, newAuthor, northOf, SAVANNAH } from './support/stories';
import { expectNothingWider } from './support/fits';

// Away from every other spec's stories, so nothing else is within reach here.
const place = northOf(
  { latitude: SAVANNAH.latitude - 0.4, longitude: SAVANNAH.longitude - 0.3 },
  Math.random() * 20_000,
);
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ geolocation: place, permissions: ['geolocation'] });
  return { context, page: await context.newPage() };
}

const notificationsOf = async (page: Page) =>
  (await (await page.request.get('/api/notifications')).json()) as Notification[];

/** An open toast (title, then description: "Title: text" messages are split in two). */
async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator('ol > li[data-state="open"]');
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  await expect(toast.getByText(description, { exact: true })).toBeVisible();
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Open account menu' }).click();
  return page.getByRole('menu');
}

test('a report reaches the queue, a hide reaches the author with its reasons, an appeal is decided by another moderator', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const author = await newAuthor('modauthor');
  await setupProfileViaApi(author.request, author.account);
  const story = await createStoryViaApi(author, {
    ...northOf(place, 15),
    title: `The lantern keeper ${Date.now() % 100_000}`,
    content: 'He lights the path at dusk.',
  });

  const reader = await newPage(browser);
  const admin = await newPage(browser);
  const moderator = await newPage(browser);
  const writer = await newPage(browser);
  try {
    // ── Reader A reports the story with a reason and a note, and sees "Reported". Readers see no Moderation link.
    await signUpAndSignIn(reader.page);
    await reader.page.goto(`/stories/${story.id}`);
    const dialog = reader.page.getByRole('dialog', { name: story.title });
    await expect(dialog.getByText('He lights the path at dusk.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Report' }).click();
    await dialog.getByLabel('Why are you reporting this story?').selectOption({ label: 'Harassment or bullying' });
    await dialog
      .getByLabel('Anything else a moderator should know? (optional)')
      .fill('It names my neighbour and mocks him.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Reported', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Report' })).toHaveCount(0);
    await reader.page.reload();
    await expect(
      reader.page.getByRole('dialog', { name: story.title }).getByText('Reported', { exact: true }),
    ).toBeVisible();
    await reader.page.screenshot({ path: '/tmp/moderation-reported-390.png' });
    await reader.page.keyboard.press('Escape');
    const readerMenu = await openAccountMenu(reader.page);
    await expect(readerMenu.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
    await expect(readerMenu.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0);
    await reader.page.keyboard.press('Escape');

    // ── Admin M opens the queue from the account menu and hides the story with a reason.
    await signInAsFirstAdmin(admin.page);
    await admin.page.goto('/');
    await (await openAccountMenu(admin.page)).getByRole('menuitem', { name: 'Moderation' }).click();
    await expect(admin.page).toHaveURL(/\/moderation$/);
    await expect(admin.page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    const item = admin.page.getByRole('article', { name: story.title });
    await expect(item).toBeVisible();
    await expect(item.getByText('He lights the path at dusk.')).toBeVisible();
    // The weighting in words: one report, from an account made today, does not count toward hiding.
    await expect(item.getByText('1 report, from a new account: not counted toward hiding')).toBeVisible();
    const reports = item.getByRole('region', { name: 'Reports' });
    await expect(reports.getByText('Harassment or bullying')).toBeVisible();
    await expect(reports.getByText('It names my neighbour and mocks him.')).toBeVisible();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await admin.page.screenshot({ path: '/tmp/moderation-queue-390.png', fullPage: true });
    await item.getByLabel('Reason', { exact: true }).selectOption('harassment');
    await item.getByLabel('Note to the author (optional)').fill('Stories may not single out a private person.');
    await item.getByRole('button', { name: 'Hide', exact: true }).click();
    await expectToast(admin.page, 'Hide', 'the author is told why.');
    // The decision closes the reports: the story leaves the queue until it is appealed.
    await expect(item).toHaveCount(0);

    // ── M makes P a moderator in the app (admins only).
    const p = await signUpAndSignIn(moderator.page, { account: newAccount('modp') });
    const roles = admin.page.getByRole('region', { name: 'Roles' });
    await roles.getByLabel('Username').fill(p.username);
    await roles.getByLabel('Role', { exact: true }).selectOption('moderator');
    await roles.getByRole('button', { name: 'Change role' }).click();
    await expect(
      admin.page.locator('ol > li[data-state="open"]').getByText(`@${p.username} is now moderator.`),
    ).toBeVisible();

    // ── The author is told why (statement of reasons, as a notification) and appeals from My Stories.
    const authorSession = await author.request.storageState();
    await writer.context.addCookies(authorSession.cookies);
    await writer.page.goto('/');
    await writer.page.getByRole('button', { name: /^Notifications/ }).click();
    const popover = writer.page.getByRole('dialog', { name: 'Notifications' });
    const statement = `Your story “${story.title}” was hidden. Reason: Harassment or bullying. Decided by a moderator. The moderator’s note: “Stories may not single out a private person.” You can appeal once within 14 days from My Stories.`;
    await expect(popover.getByText(statement, { exact: true })).toBeVisible();
    await writer.page.screenshot({ path: '/tmp/moderation-statement-390.png' });
    // No raw id in any text a person reads.
    const decision = (await notificationsOf(writer.page)).find((n) => n.type === 'moderation_decision');
    expect(decision?.message).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    // The notice opens the story with its hidden banner: the reason, the note, and Appeal (to the decision's form).
    await popover.getByText(statement).click();
    const hiddenStory = writer.page.getByRole('dialog', { name: story.title });
    const banner = hiddenStory.getByRole('region', { name: 'Hidden' });
    await expect(banner.getByText('Hidden by a moderator: Harassment or bullying')).toBeVisible();
    await expect(
      banner.getByText('The moderator’s note: “Stories may not single out a private person.”'),
    ).toBeVisible();
    for (const width of [320, 390]) {
      await writer.page.setViewportSize({ width, height: 844 });
      await expectNothingWider(writer.page);
    }
    await writer.page.screenshot({ path: '/tmp/moderation-hidden-banner-390.png' });
    await writer.page.setViewportSize({ width: 1280, height: 800 });
    await writer.page.screenshot({ path: '/tmp/moderation-hidden-banner-1280.png' });
    await writer.page.setViewportSize({ width: 390, height: 844 });
    await banner.getByRole('link', { name: 'Appeal' }).click();
    await expect(writer.page).toHaveURL(/\/my-stories#decision-[0-9a-f-]{36}$/);

    await expect(writer.page.getByText('Hidden by a moderator: Harassment or bullying')).toBeVisible();
    const decisions = writer.page.getByRole('region', { name: 'Moderation decisions' });
    await expect(decisions.getByText(`Hidden by a moderator — “${story.title}”`)).toBeVisible();
    await expect(
      decisions.getByText('The moderator’s note: “Stories may not single out a private person.”'),
    ).toBeVisible();
    await expect(
      writer.page.getByText('The moderator’s note: “Stories may not single out a private person.”'),
    ).toHaveCount(2);
    // Opened by the banner's Appeal: the form is there at once.
    await decisions
      .getByLabel('Why should this decision change?')
      .fill('The keeper is a legend of the town, not a real neighbour.');
    expect(await seriousViolations(writer.page)).toEqual([]);
    await writer.page.screenshot({ path: '/tmp/moderation-appeal-390.png', fullPage: true });
    await decisions.getByRole('button', { name: 'Send appeal' }).click();
    await expect(decisions.getByText('Your appeal: waiting for another moderator.')).toBeVisible();

    // ── M made the decision and cannot decide its appeal; moderator P reverses it.
    await admin.page.reload();
    const appealed = admin.page.getByRole('article', { name: story.title });
    await expect(
      appealed
        .getByRole('region', { name: 'Appeal' })
        .getByText('The keeper is a legend of the town, not a real neighbour.'),
    ).toBeVisible();
    await expect(appealed.getByText('You made this decision: another moderator decides the appeal.')).toBeVisible();
    await expect(appealed.getByRole('button', { name: 'Reverse decision' })).toHaveCount(0);

    await moderator.page.goto('/');
    await (await openAccountMenu(moderator.page)).getByRole('menuitem', { name: 'Moderation' }).click();
    await expect(moderator.page).toHaveURL(/\/moderation$/);
    // Only admins change roles.
    await expect(moderator.page.getByRole('region', { name: 'Roles' })).toHaveCount(0);
    const toDecide = moderator.page.getByRole('article', { name: story.title });
    await expect(toDecide.getByRole('region', { name: 'Appeal' })).toBeVisible();
    expect(await seriousViolations(moderator.page)).toEqual([]);
    await moderator.page.screenshot({ path: '/tmp/moderation-appeal-queue-390.png', fullPage: true });
    await toDecide.getByLabel('Note to the author about the appeal (optional)').fill('Thank you: a legend it is.');
    await toDecide.getByRole('button', { name: 'Reverse decision' }).click();
    await expectToast(moderator.page, 'Appeal accepted', 'the decision is reversed.');
    await expect(moderator.page.getByRole('article', { name: story.title })).toHaveCount(0);

    // ── The author is told, and the story is back; the reporter was told the outcome of their report.
    const accepted = `Your appeal about “${story.title}” was accepted by another moderator: the decision is reversed.`;
    await expect
      .poll(async () =>
        (await notificationsOf(writer.page)).some(
          (n) => n.message === `${accepted} The moderator’s note: “Thank you: a legend it is.”`,
        ),
      )
      .toBe(true);
    await writer.page.reload();
    await expect(
      writer.page.getByRole('region', { name: 'Moderation decisions' }).getByText('Your appeal: accepted.'),
    ).toBeVisible();
    await expect(writer.page.getByText('Hidden by a moderator: Harassment or bullying')).toHaveCount(0);
    await writer.page.setViewportSize({ width: 1280, height: 800 });
    await writer.page.screenshot({ path: '/tmp/moderation-decided-1280.png', fullPage: true });

    const told = (await notificationsOf(reader.page)).filter((n) => n.type === 'report_outcome');
    expect(told.map((n) => n.message)).toEqual([
      `Action taken: we reviewed your report about “${story.title}”. Thank you for helping.`,
    ]);
    await reader.page.goto('/');
    await reader.page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(
      reader.page.getByRole('dialog', { name: 'Notifications' }).getByText(/^Action taken: we reviewed your report/),
    ).toBeVisible();
    await reader.page.screenshot({ path: '/tmp/moderation-reporter-told-390.png' });
    // The story is readable again.
    await reader.page.goto(`/stories/${story.id}`);
    await expect(
      reader.page.getByRole('dialog', { name: story.title }).getByText('He lights the path at dusk.'),
    ).toBeVisible();

    await admin.page.setViewportSize({ width: 1280, height: 800 });
    await admin.page.reload();
    await expect(admin.page.getByRole('region', { name: 'Roles' })).toBeVisible();
    await admin.page.screenshot({ path: '/tmp/moderation-queue-1280.png', fullPage: true });
  } finally {
    await Promise.all([reader, admin, moderator, writer].map(({ context }) => context.close()));
    await author.request.dispose();
  }
});

test("the roles form checks the username with the call's own schema and sends nothing while it is wrong", async ({
  browser,
}) => {
  const admin = await newPage(browser);
  try {
    const calls: string[] = [];
    admin.page.on('request', (req) => req.url().endsWith('/api/admin/roles') && calls.push(req.method()));
    await signInAsFirstAdmin(admin.page);
    await admin.page.goto('/moderation');
    const roles = admin.page.getByRole('region', { name: 'Roles' });
    await expect(roles.locator('form')).toHaveAttribute('novalidate', '');
    const username = roles.getByLabel('Username');
    // Blank (spaces only) and longer than any username: roleRequestSchema's message under the field.
    for (const bad of ['   ', 'x'.repeat(51)]) {
      await username.fill(bad);
      await roles.getByRole('button', { name: 'Change role' }).click();
      await expect(roles.getByText('Username is required', { exact: true })).toBeVisible();
      await expect(username).toHaveAttribute('aria-invalid', 'true');
    }
    expect(calls.filter((method) => method === 'POST')).toEqual([]);
  } finally {
    await admin.context.close();
  }
});
