/**
 * AR view (docs/design.md, parts 2, 4, 8, 9) in Chromium with the fake camera, a fake position and dispatched
 * `deviceorientationabsolute` events: calibration, markers placed by compass bearing, the count selector, the list,
 * the story dialog over AR, camera denial, and the camera stopped on close and when the tab is hidden.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { offsetEast, offsetNorth } from '#common/geo';
import { createStoryViaApi, newAuthor, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';

declare global {
  interface Window {
    /** Every camera track the page was given (recorded by an init script). */
    __arTracks?: MediaStreamTrack[];
    /** The constraints of every getUserMedia call. */
    __arConstraints?: (MediaStreamConstraints | undefined)[];
  }
}

test.describe.configure({ mode: 'serial' });

// A place no other spec seeds, so every story within 1.5 km is one of ours.
const PLACE = { latitude: 31.62, longitude: -81.85 };

/** A point `metres` from PLACE at compass `bearing` degrees. */
function at(bearing: number, metres: number) {
  const rad = (bearing * Math.PI) / 180;
  return offsetEast(offsetNorth(PLACE, Math.cos(rad) * metres), Math.sin(rad) * metres);
}

const SEEDS = [
  { title: 'Moss Bench', bearing: 10, metres: 30, category: 'Nature' },
  { title: 'The Whispering Oak', bearing: 0, metres: 250, category: 'Mystery' },
  { title: 'Harbor Bell', bearing: 20, metres: 400, category: 'History' },
  { title: 'Old Mill', bearing: 340, metres: 600, category: 'History' },
  { title: 'Fog Lighthouse', bearing: 30, metres: 800, category: 'Mystery' },
  { title: 'Quiet Chapel', bearing: 350, metres: 1000, category: 'History' },
  { title: 'Salt Marsh', bearing: 45, metres: 1200, category: 'Nature' },
  { title: 'South Ferry', bearing: 180, metres: 500, category: 'Adventure' },
  { title: 'West Tower', bearing: 270, metres: 700, category: 'Horror' },
] as const;
/** Facing north, these seven are within 60° of the heading (nearest first). */
const NORTH_VIEW = [
  'Moss Bench',
  'The Whispering Oak',
  'Harbor Bell',
  'Old Mill',
  'Fog Lighthouse',
  'Quiet Chapel',
  'Salt Marsh',
];

let author: Author;

test.beforeAll(async () => {
  author = await newAuthor('ar');
  for (const seed of SEEDS) {
    await createStoryViaApi(author, {
      ...at(seed.bearing, seed.metres),
      title: seed.title,
      category: seed.category,
      content: `The secret of ${seed.title}.`,
      timeRestriction: 'none',
    });
  }
});

test.afterAll(async () => {
  await author?.request.dispose();
});

// Chrome's motion-sensor setting allows sites by default; Playwright contexts start with every permission denied.
const SENSORS = ['accelerometer', 'gyroscope', 'magnetometer'];

test.beforeEach(async ({ context }) => {
  // A reader of its own (docs/security.md, "Location: a position is a claim" keeps a visitor's claims per address; every browser here is 127.0.0.1).
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation(PLACE);
  await context.grantPermissions(['geolocation', ...SENSORS]);
});

/** Records every track getUserMedia hands out, so a test can check they were all stopped. */
async function recordCameraTracks(page: Page) {
  await page.addInitScript(() => {
    const tracks: MediaStreamTrack[] = [];
    const asked: (MediaStreamConstraints | undefined)[] = [];
    window.__arTracks = tracks;
    window.__arConstraints = asked;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      asked.push(constraints);
      const stream = await original(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
}

const trackStates = (page: Page) => page.evaluate(() => (window.__arTracks ?? []).map((t) => t.readyState));

async function openAr(page: Page) {
  await page.goto('/');
  // Wait for the nearby list so the AR view gets the stories at once.
  await expect(
    page.getByRole('region', { name: 'Nearby Whispers' }).getByRole('button', { name: /^Moss Bench/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'AR View', exact: true }).click();
  const ar = page.getByRole('dialog', { name: 'AR View' });
  await expect(ar).toBeVisible();
  return ar;
}

/**
 * Turns the phone to `heading` (degrees clockwise from north): an absolute orientation event of a phone held
 * upright, whose alpha counts counter-clockwise. Dispatched until the smoothed heading shows it, since the first
 * event may come before the view listens.
 */
async function face(page: Page, heading: number) {
  await expect
    .poll(
      async () => {
        await page.evaluate((h) => {
          const alpha = (360 - h) % 360;
          window.dispatchEvent(
            new DeviceOrientationEvent('deviceorientationabsolute', { alpha, beta: 90, gamma: 0, absolute: true }),
          );
        }, heading);
        return page
          .getByTestId('ar-heading')
          .textContent({ timeout: 500 })
          .catch(() => null);
      },
      { intervals: [100, 250, 500] },
    )
    .toMatch(new RegExp(` ${heading}°$`));
}

const markers = (page: Page) => page.getByRole('group', { name: 'Stories in view' }).getByRole('button');

async function markerTitles(page: Page): Promise<string[]> {
  const labels = await markers(page).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/, [\d.]+k?m away, (un)?locked$/, '')).sort();
}

test('calibrates, then places markers by compass bearing as the phone turns', async ({ page }) => {
  const ar = await openAr(page);
  await expect(ar.getByText('Calibrating AR View')).toBeVisible();
  await expect(markers(page)).toHaveCount(0);
  await expect(page.getByTestId('ar-counter')).toHaveText('0 of 9 stories in view');
  await page.screenshot({ path: '/tmp/ar-390-calibrating.png' });

  await face(page, 0);
  await expect(ar.getByText('Calibrating AR View')).toHaveCount(0);
  // Default count 5: the five nearest of the seven within 60° of north.
  await expect(markers(page)).toHaveCount(5);
  expect(await markerTitles(page)).toEqual(NORTH_VIEW.slice(0, 5).sort());
  await expect(page.getByTestId('ar-counter')).toHaveText('5 of 9 stories in view');

  // Locks come from the server: 30 m away is open, 250 m away is locked; labels are cut at 12 characters.
  const moss = markers(page).filter({ hasText: 'Moss Bench' });
  await expect(moss).toHaveAttribute('data-locked', 'false');
  const oak = page.getByRole('button', { name: /^The Whispering Oak, 250m away, locked$/ });
  await expect(oak).toHaveAttribute('data-locked', 'true');
  await expect(oak).toContainText('The Whisperi…');
  await expect(oak).not.toContainText('The Whispering');

  // Nearer stories sit lower and are bigger (80 px at 30 m; 1000 / 800 m = 1.25 gives the lighthouse 77.5 px).
  const box = async (name: RegExp) =>
    (await page.getByRole('button', { name }).locator('[data-marker-circle]').boundingBox())!;
  const [near, far] = [await box(/^Moss Bench/), await box(/^Fog Lighthouse/)];
  expect(near.y).toBeGreaterThan(far.y);
  expect(near.width).toBeCloseTo(80, 0);
  expect(far.width).toBeLessThan(near.width);
  await page.screenshot({ path: '/tmp/ar-390-markers.png' });

  // Turn around: only the ferry to the south.
  await face(page, 180);
  await expect(markers(page)).toHaveCount(1);
  expect(await markerTitles(page)).toEqual(['South Ferry']);
  await expect(page.getByTestId('ar-counter')).toHaveText('1 of 9 stories in view');

  // South-west: ferry at −45° on the left, tower at +45° on the right (x = 50 % ± 45/60 × 50 %).
  await face(page, 225);
  expect(await markerTitles(page)).toEqual(['South Ferry', 'West Tower']);
  const [left, right] = [await box(/^South Ferry/), await box(/^West Tower/)];
  expect(left.x + left.width / 2).toBeCloseTo(390 * 0.125, -1);
  expect(right.x + right.width / 2).toBeCloseTo(390 * 0.875, -1);

  // Across north: at 350° the marsh (45°) is 55° to the right and still in view; at 330° it is 75° away and out.
  await page.getByRole('radio', { name: 'All' }).check();
  await face(page, 350);
  expect(await markerTitles(page)).toContain('Salt Marsh');
  await face(page, 330);
  expect(await markerTitles(page)).not.toContain('Salt Marsh');
  expect(await markerTitles(page)).toContain('Harbor Bell');

  // Facing where nothing is: the Browse All Stories prompt opens the list.
  await face(page, 110);
  await expect(markers(page)).toHaveCount(0);
  await ar.getByRole('button', { name: 'Browse All Stories' }).click();
  await expect(ar.getByRole('region', { name: 'All stories nearby' }).getByRole('listitem')).toHaveCount(9);
});

test('the count selector limits markers and the list toggles', async ({ page }) => {
  const ar = await openAr(page);
  await face(page, 0);
  await expect(ar.getByRole('radio', { name: '5' })).toBeChecked();
  for (const [choice, expected] of [
    ['1', 1],
    ['3', 3],
    ['7', 7],
    ['All', 7],
    ['5', 5],
  ] as const) {
    await ar.getByRole('radio', { name: choice, exact: true }).check();
    await expect(markers(page)).toHaveCount(expected);
    expect(await markerTitles(page)).toEqual(NORTH_VIEW.slice(0, expected).sort());
  }

  const list = ar.getByRole('region', { name: 'All stories nearby' });
  await expect(list).toHaveCount(0);
  await ar.getByRole('button', { name: 'Show All' }).click();
  await expect(list).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(9);
  await expect(list.getByRole('listitem').first()).toContainText('Moss Bench');
  await expect(ar.getByRole('button', { name: 'Hide List' })).toHaveAttribute('aria-expanded', 'true');

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: '/tmp/ar-390-list.png' });

  await ar.getByRole('button', { name: 'Hide List' }).click();
  await expect(list).toHaveCount(0);
  await expect(ar.getByRole('button', { name: 'Show All' })).toHaveAttribute('aria-expanded', 'false');
});

test('the selected category limits the stories', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'History' }).click();
  await page.getByRole('button', { name: 'AR View', exact: true }).click();
  await face(page, 0);
  await expect(markers(page)).toHaveCount(3);
  expect(await markerTitles(page)).toEqual(['Harbor Bell', 'Old Mill', 'Quiet Chapel']);
  await expect(page.getByTestId('ar-counter')).toHaveText('3 of 3 stories in view');
});

test('a marker opens the story; Escape closes the story first, then AR', async ({ page }) => {
  const ar = await openAr(page);
  await face(page, 0);
  await page.getByRole('button', { name: /^Moss Bench, \d+m away, unlocked$/ }).click();
  const moss = page.getByRole('dialog', { name: 'Moss Bench' });
  await expect(moss).toBeVisible();
  await expect(moss.getByText('The secret of Moss Bench.')).toBeVisible();
  // Focus moves into the story dialog (its layer is then registered above AR's, which Escape relies on).
  await expect(moss.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(moss).toHaveCount(0);
  await expect(ar).toBeVisible();
  // Focus returns to the marker that opened the story.
  await expect(page.getByRole('button', { name: /^Moss Bench, / })).toBeFocused();

  // A locked story stays locked: no content, the walk-closer notice.
  await page.getByRole('button', { name: /^The Whispering Oak, / }).click();
  const oak = page.getByRole('dialog', { name: 'The Whispering Oak' });
  await expect(oak.getByText('Walk closer to unlock this story')).toBeVisible();
  await expect(oak.getByText('The secret of The Whispering Oak.')).toHaveCount(0);
  await expect(oak.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(oak).toHaveCount(0);
  await expect(ar).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(ar).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Explore/Map' })).toHaveAttribute('aria-pressed', 'true');
});

test('without orientation sensors the view says so and lists the stories', async ({ page }) => {
  const ar = await openAr(page);
  await expect(ar.getByText('Calibrating AR View')).toBeVisible();
  // No events: after 3 s calibration gives up.
  await expect(ar.getByText(/no orientation sensors/)).toBeVisible({ timeout: 6_000 });
  await expect(ar.getByText('Calibrating AR View')).toHaveCount(0);
  await expect(ar.getByRole('region', { name: 'All stories nearby' }).getByRole('listitem')).toHaveCount(9);
  await ar
    .getByRole('region', { name: 'All stories nearby' })
    .getByRole('button', { name: /^South Ferry/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'South Ferry' })).toBeVisible();
});

test('with motion sensors blocked the view says compass access was not allowed and lists the stories', async ({
  page,
  context,
}) => {
  await context.clearPermissions();
  await context.grantPermissions(['geolocation']);
  const ar = await openAr(page);
  await expect(ar.getByText(/Compass access was not allowed/)).toBeVisible();
  await expect(ar.getByRole('region', { name: 'All stories nearby' }).getByRole('listitem')).toHaveCount(9);
});

test("iOS: compass access is asked from the reader's tap", async ({ page }) => {
  // Safari's rule, emulated: requestPermission rejects unless it runs while a tap (click) is being handled.
  await page.addInitScript(() => {
    Object.defineProperty(DeviceOrientationEvent, 'requestPermission', {
      configurable: true,
      value: async () => {
        // window.event is set only while an event is being dispatched.
        if (window.event?.type !== 'click')
          throw new DOMException('Requesting device orientation access requires a user gesture', 'NotAllowedError');
        return 'granted';
      },
    });
  });
  const ar = await openAr(page);
  await expect(ar.getByText('Whispers needs your compass to place stories where they are.')).toBeVisible();
  await ar.getByRole('button', { name: 'Enable Compass' }).click();
  await expect(ar.getByText('Calibrating AR View')).toBeVisible();
  await face(page, 0);
  await expect(markers(page)).toHaveCount(5);
});

test('a denied camera shows Camera Access Required', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  const ar = await openAr(page);
  await expect(ar.getByRole('heading', { name: 'Camera Access Required' })).toBeVisible();
  await expect(ar.getByRole('alert')).toHaveText('Permission denied');
  await expect(ar.getByText(/Allow camera access for this site in your browser settings/)).toBeVisible();
  await page.screenshot({ path: '/tmp/ar-390-denied.png' });
  await ar.getByRole('button', { name: 'Close AR View' }).click();
  await expect(ar).toHaveCount(0);
});

test('the camera stops when the tab is hidden and when AR closes', async ({ page }) => {
  await recordCameraTracks(page);
  const ar = await openAr(page);
  await expect.poll(() => ar.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  expect(await trackStates(page)).toEqual(['live']);
  // The request asks for the rear camera at 1920×1080 (the fake device answers with what it has).
  const asked = await page.evaluate(() => window.__arConstraints);
  expect(asked).toEqual([
    { video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false },
  ]);

  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await expect.poll(() => trackStates(page)).toEqual(['ended']);
  await setVisibility('visible');
  await expect.poll(() => trackStates(page)).toEqual(['ended', 'live']);
  await expect.poll(() => ar.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);

  await ar.getByRole('button', { name: 'Exit AR View' }).click();
  await expect(ar).toHaveCount(0);
  expect(await trackStates(page)).toEqual(['ended', 'ended']);

  // Opened again and closed with the X: every track of every opening is stopped.
  await page.getByRole('button', { name: 'AR View', exact: true }).click();
  await expect.poll(() => trackStates(page)).toEqual(['ended', 'ended', 'live']);
  await page.getByRole('dialog', { name: 'AR View' }).getByRole('button', { name: 'Close AR View' }).click();
  await expect.poll(() => trackStates(page)).toEqual(['ended', 'ended', 'ended']);
});

test('desktop layout', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAr(page);
  await face(page, 0);
  await expect(markers(page)).toHaveCount(5);
  await page.screenshot({ path: '/tmp/ar-1280-markers.png' });
});
