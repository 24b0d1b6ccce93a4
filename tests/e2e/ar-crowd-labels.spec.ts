/**
 * docs/decisions/014-phone-round-2.md, second part, at 390×844: in the AR view, with a crowd of stories ahead (nearly
 * the same bearing and distance), no two labels cross, and each label's distance is the story dialog's.
 */
import { expect, test } from '@playwright/test';
import { offsetEast, offsetNorth } from '#common/geo';
import { createStoryViaApi, newAuthor, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';
import { AR_CROWD, face, overlaps } from './support/phone-layout-checks';

const run = Date.now().toString(36);
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
// Where the test stands: AR_CROWD, a crowd of stories straight ahead, at nearly the same bearing and distance.
const AR_PLACE = { latitude: 31.66 + Math.round(Math.random() * 50) / 10_000, longitude: -81.62 };

let arAuthor: Author;

test.beforeAll(async () => {
  arAuthor = await newAuthor('round2bar');
  for (const seed of AR_CROWD) {
    const rad = (seed.bearing * Math.PI) / 180;
    const where = offsetEast(offsetNorth(AR_PLACE, Math.cos(rad) * seed.metres), Math.sin(rad) * seed.metres);
    await createStoryViaApi(arAuthor, {
      ...where,
      title: `${seed.title} ${run}`,
      category: 'Mystery',
      content: `At ${seed.title}.`,
    });
  }
});

test.afterAll(async () => {
  await arAuthor?.request.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
});

test("2. AR: with a crowd ahead no two labels cross, and each distance is the story dialog's", async ({
  page,
  context,
}) => {
  await context.setGeolocation(AR_PLACE);
  await context.grantPermissions(['geolocation', 'accelerometer', 'gyroscope', 'magnetometer']);
  await page.goto('/');
  await expect(
    page
      .getByRole('region', { name: 'Nearby Whispers' })
      .getByRole('button', { name: new RegExp(`^Crowd North A ${run}`) }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'AR View', exact: true }).click();
  const ar = page.getByRole('dialog', { name: 'AR View' });
  await expect(ar).toBeVisible();
  await ar.getByRole('radio', { name: 'All' }).check();
  const markers = page.getByRole('group', { name: 'Stories in view' }).getByRole('button');

  for (const heading of [0, 2, 358, 355]) {
    await face(page, heading);
    await expect.poll(() => markers.count()).toBeGreaterThanOrEqual(3);
    // A label is the title and distance under a marker's circle.
    const labels = await markers.evaluateAll((buttons) =>
      buttons.map((b) => {
        const parts = [...b.children].slice(1).map((el) => el.getBoundingClientRect());
        const left = Math.min(...parts.map((r) => r.left));
        const top = Math.min(...parts.map((r) => r.top));
        return {
          name: b.getAttribute('aria-label'),
          x: left,
          y: top,
          width: Math.max(...parts.map((r) => r.right)) - left,
          height: Math.max(...parts.map((r) => r.bottom)) - top,
        };
      }),
    );
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        expect(
          overlaps(labels[i]!, labels[j]!),
          `at ${heading}°: "${labels[i]!.name}" crosses "${labels[j]!.name}"`,
        ).toBe(false);
      }
    }
  }
  await page.screenshot({ path: `${SCREENSHOTS}/round2b-ar-crowd-390.png` });

  // Each marker's distance is the dialog's number and unit ("230m" there is "230 m away" here).
  const count = await markers.count();
  for (let i = 0; i < count; i++) {
    const marker = markers.nth(i);
    const name = (await marker.getAttribute('aria-label'))!.replace(/, [\d.]+k?m away, (un)?locked$/, '');
    const shown = (await marker.locator('[data-ar-distance]').innerText()).trim();
    await marker.click();
    const dialog = page.getByRole('dialog', { name });
    const away = (await dialog.getByText(/^[\d.]+ k?m away$/).innerText()).trim();
    expect(away.replace(/ away$/, '').replace(' ', '')).toBe(shown);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});
