/**
 * /discover's card byline at 320 px (docs/decisions/051-walker-stumbles-fourth-round.md): a long author name gives
 * way with "…", the category is always whole ("🏛 History", never "🏛 Hist…"). Screenshot in /tmp/discover-byline-320.png.
 */
import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { readerHeaders } from './support/reader-address';
import { createStoryViaApi, northOf } from './support/stories';

test('at 320 px the byline cuts the author’s name, never the category', async ({ page, context }) => {
  test.setTimeout(90_000);
  const place = { latitude: 50 + Math.random() * 5, longitude: 10 + Math.random() * 5 };
  await page.setViewportSize({ width: 320, height: 640 });
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation({ ...place, accuracy: 5 });
  const account = await signUpAndSignIn(page, {
    account: { displayName: 'Bartholomew Featherstonehaugh-Cholmondeley III' },
  });
  await createStoryViaApi(
    { account, request: page.request },
    { ...northOf(place, 40), content: 'A few words left here.', title: 'Old Customs House', category: 'History' },
  );
  await page.goto('/discover');
  await page.getByRole('button', { name: 'List View' }).click();
  const byline = page.getByTestId('discover-card-byline').first();
  await expect(byline).toContainText('History');
  const cut = await byline.evaluate((line) =>
    [...line.children].map((part) => ({
      text: part.textContent,
      clipped: part.scrollWidth > part.clientWidth + 1,
    })),
  );
  expect(cut[0]!.clipped).toBe(true); // the long name gives way
  expect(cut[1]).toEqual({ text: expect.stringContaining('History'), clipped: false });
  await page.screenshot({ path: '/tmp/discover-byline-320.png' });
});
