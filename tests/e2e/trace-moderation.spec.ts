/**
 * The trace queue on /moderation (docs/decisions/045-traces-read-where-left.md, 050-trace-counts-on-cards.md): a
 * reader standing at a story leaves a trace, another reader reports it, the admin named in ADMIN_USERNAMES
 * (scripts/e2e.mjs) finds it on /moderation beside the story queue — its text, its story, the reason and weight in
 * words — and hides it with the keyboard; the writer then sees their trace hidden. Axe-clean; screenshots at
 * 390×844 and 1280×800.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { setupProfileViaApi, signUpAndSignIn, signInAsFirstAdmin } from './support/accounts';
import { createStoryViaApi, newAuthor, northOf, SAVANNAH } from './support/stories';
import { readerHeaders } from './support/reader-address';

// Away from every other spec's stories.
const spot = northOf(
  { latitude: SAVANNAH.latitude + 0.3, longitude: SAVANNAH.longitude + 0.35 },
  Math.random() * 20_000,
);
test('a reported trace reaches /moderation, a moderator hides it, its writer sees it hidden', async ({ browser }) => {
  test.setTimeout(180_000);
  const author = await newAuthor('tqauthor');
  await setupProfileViaApi(author.request, author.account);
  const title = `The ferry bell ${Date.now() % 100_000}`;
  const story = await createStoryViaApi(author, { ...spot, title, content: 'It rings for the last ferry.' });

  // The writer stands at the story and leaves a trace.
  const writerContext = await browser.newContext({
    geolocation: spot,
    permissions: ['geolocation'],
    extraHTTPHeaders: readerHeaders(),
    viewport: { width: 390, height: 844 },
  });
  const writer = await writerContext.newPage();
  await signUpAndSignIn(writer);
  await writer.goto(`/stories/${story.id}`);
  const dialog = writer.getByRole('dialog', { name: title });
  await expect(dialog.getByText('It rings for the last ferry.')).toBeVisible();
  const text = `Cheap watches at the pier ${Date.now() % 100_000}`;
  await dialog.getByLabel('Leave a trace').fill(text);
  await dialog.getByRole('button', { name: 'Leave trace' }).click();
  const mine = dialog.getByRole('listitem', { name: /^Trace by / });
  await expect(mine.getByText(text)).toBeVisible();

  // Another reader, there too, reports it.
  const reporter = await newAuthor('tqreporter');
  const headers = readerHeaders();
  const read = await reporter.request.get(`/api/stories/${story.id}?lat=${spot.latitude}&lng=${spot.longitude}`, {
    headers,
  });
  expect(read.ok()).toBe(true);
  const traces = (await (await reporter.request.get(`/api/stories/${story.id}/traces`, { headers })).json()) as {
    traces: { id: string; text: string }[];
  };
  const reported = traces.traces.find((trace) => trace.text === text)!;
  const report = await reporter.request.post(`/api/traces/${reported.id}/report`, {
    headers,
    data: { reason: 'spam', note: 'An advert, not a trace' },
  });
  expect(report.status(), await report.text()).toBe(201);

  // The moderator: the trace queue beside the story queue.
  const modContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const moderator = await modContext.newPage();
  await signInAsFirstAdmin(moderator);
  await moderator.goto('/moderation');
  const traceQueue = moderator.getByRole('region', { name: 'Traces' });
  const card = traceQueue.getByRole('article', { name: `Trace on “${title}”` });
  await expect(card).toBeVisible();
  await expect(card.getByText(text)).toBeVisible();
  await expect(card.getByText('Spam or advertising')).toBeVisible();
  await expect(card.getByText('An advert, not a trace')).toBeVisible();
  // A reporter whose account is a day old or less is not counted (the story queue's weighting, in words).
  await expect(card.getByText('1 report: 0 counted, 1 from a new account')).toBeVisible();

  const axe = await new AxeBuilder({ page: moderator }).include('main').analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await moderator.screenshot({ path: '/tmp/trace-queue-390.png' });
  await moderator.setViewportSize({ width: 1280, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await moderator.screenshot({ path: '/tmp/trace-queue-1280.png' });

  // Hidden with the keyboard.
  const hide = card.getByRole('button', { name: 'Hide trace' });
  await hide.focus();
  await moderator.keyboard.press('Enter');
  await expect(moderator.locator('ol > li[data-state="open"]').getByText('Trace hidden')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The writer sees their trace hidden.
  await writer.reload();
  const hiddenTrace = writer.getByRole('dialog', { name: title }).getByRole('listitem', { name: /^Trace by / });
  await expect(hiddenTrace.getByText(/^Hidden by /)).toBeVisible();
  await expect(hiddenTrace.getByText(text)).toHaveClass(/line-through/);

  await writerContext.close();
  await modContext.close();
  await author.request.dispose();
  await reporter.request.dispose();
});
