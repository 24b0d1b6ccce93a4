/**
 * docs/decisions/016-walk-mode-and-tours.md in Chromium with fake geolocation stepping along a route: walk mode chimes, plays an audio story by
 * itself, sets Media Session metadata and asks for a wake lock when the SERVER unlocks a story; a second story
 * unlocking at once is queued; a tour made from My Stories is followed stop by stop to "Tour complete". Axe on
 * the new screens; screenshots at 390×844 and 1280 wide in /tmp/i25-*.png.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { audioWebm, createStoryViaApi, newAuthor, northOf, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
// Places of their own, far from every other spec's stories.
const WALK_PLACE = { latitude: 31.62, longitude: -81.71 };
const TOUR_PLACE = { latitude: 31.58, longitude: -81.77 };

/** Observes what the page asks of the browser: wake lock requests, Web Audio chimes, media play() results. */
const OBSERVE = () => {
  const w = window as unknown as Record<string, unknown[]>;
  w.__wake = [];
  w.__chimes = [];
  w.__plays = [];
  w.__audios = [];
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      request: async (type: string) => {
        w.__wake!.push(type);
        return {
          released: false,
          type,
          release: async () => undefined,
          addEventListener() {},
          removeEventListener() {},
        };
      },
    },
  });
  const createOscillator = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    w.__chimes!.push(Date.now());
    return createOscillator.call(this);
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    w.__audios!.push(this);
    const result = play.call(this);
    result.then(
      () => w.__plays!.push({ src: this.src, ok: true }),
      (error: unknown) => w.__plays!.push({ src: this.src, ok: false, error: String(error) }),
    );
    return result;
  };
};

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/i25-${name}-390.png`, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `/tmp/i25-${name}-1280.png`, fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Moves the fake GPS; walk mode sends at most every 5 s, so each step is waited on by what it should show. */
async function stepTo(context: BrowserContext, at: { latitude: number; longitude: number }) {
  await context.setGeolocation({ ...at, accuracy: 5 });
}

let author: Author;
let first: { id: string; title: string };
let second: { id: string; title: string };

test.beforeAll(async () => {
  author = await newAuthor('walker');
  const spot = northOf(WALK_PLACE, 600);
  // Two audio stories at the same spot: they unlock in the same answer, the nearer one first.
  first = await createStoryViaApi(
    author,
    { ...spot, type: 'audio', title: `Bell Tower ${run}`, category: 'History', duration: 4 },
    audioWebm(4),
  );
  second = await createStoryViaApi(
    author,
    { ...northOf(spot, 15), type: 'audio', title: `Ferry Horn ${run}`, category: 'Mystery', duration: 4 },
    audioWebm(4),
  );
});

test.afterAll(async () => author?.request.dispose());

test('walk mode: entering reach chimes, plays the audio story by itself, fills Media Session, queues the second', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.addInitScript(OBSERVE);
  await stepTo(context, WALK_PLACE);
  await page.goto('/');
  await page.getByRole('button', { name: 'Walk', exact: true }).click();
  await expect(page.getByText('Walk mode is on: whispers will find you as you walk.')).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __wake: string[] }).__wake)).toContain('screen');
  // The compass line points at the nearest locked whisper, 600 m north.
  await expect(page.getByTestId('walk-compass')).toHaveText(/^Next whisper: (5|6)\d0 m north$/);
  await shoot(page, 'walk-on');

  await stepTo(context, northOf(WALK_PLACE, 300));
  await expect(page.getByTestId('walk-compass')).toHaveText(/^Next whisper: (2|3)\d0 m north$/, { timeout: 15_000 });
  await stepTo(context, northOf(WALK_PLACE, 595));
  const card = page.getByRole('region', { name: 'Whisper found' });
  await expect(card.getByRole('heading', { name: first.title })).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('1 more whisper here')).toBeVisible();

  // Chimed once, the nearest audio story plays (play() resolved, not paused), the lock screen knows it.
  expect(await page.evaluate(() => (window as unknown as { __chimes: number[] }).__chimes.length)).toBeGreaterThan(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { __plays: { ok: boolean; src: string }[] }).__plays.filter(
          (p) => !p.src.startsWith('data:'),
        ),
      ),
    )
    .toEqual([expect.objectContaining({ ok: true })]);
  expect(
    await page.evaluate(() => {
      const audios = (window as unknown as { __audios: HTMLAudioElement[] }).__audios;
      return audios[audios.length - 1]!.paused;
    }),
  ).toBe(false);
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(first.title);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'walk-card');

  // "Next" moves to the queued story, which plays too (once per story per walk).
  await card.getByRole('button', { name: 'Next' }).click();
  await expect(card.getByRole('heading', { name: second.title })).toBeVisible();
  await expect(card.getByText(/more whisp/)).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { __plays: { ok: boolean; src: string }[] }).__plays.filter(
            (p) => p.ok && !p.src.startsWith('data:'),
          ).length,
      ),
    )
    .toBe(2);
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(second.title);

  // Stopping leaves the audio to finish.
  await page.getByRole('button', { name: 'Stop walking' }).click();
  await expect(page.getByRole('button', { name: 'Walk', exact: true })).toBeVisible();
});

test('the compass line speaks from the device heading when there is one', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.setExtraHTTPHeaders(readerHeaders());
  // Chrome's motion-sensor setting allows sites by default; Playwright contexts start with every permission denied.
  await context.grantPermissions(['geolocation', 'accelerometer', 'gyroscope', 'magnetometer']);
  await context.addInitScript(OBSERVE);
  await stepTo(context, WALK_PLACE);
  await page.goto('/');
  await page.getByRole('button', { name: 'Walk', exact: true }).click();
  // No orientation event yet: compass points.
  await expect(page.getByTestId('walk-compass')).toHaveText(/^Next whisper: (5|6)\d0 m north$/);
  await expect(page.getByTestId('walk-arrow')).toHaveCount(0);
  // The phone held upright, turned to `heading` (alpha counts counter-clockwise from north), until the line says it.
  const face = async (heading: number, words: RegExp, arrow: number) => {
    await expect
      .poll(async () => {
        await page.evaluate((h) => {
          const alpha = (360 - h) % 360;
          window.dispatchEvent(
            new DeviceOrientationEvent('deviceorientationabsolute', { alpha, beta: 90, gamma: 0, absolute: true }),
          );
        }, heading);
        return page.getByTestId('walk-compass').textContent();
      })
      .toMatch(words);
    await expect(page.getByTestId('walk-arrow')).toHaveAttribute('style', new RegExp(`rotate\\(${arrow}deg\\)`));
  };
  await face(270, /^Next whisper: (5|6)\d0 m on your right$/, 90);
  await shoot(page, 'walk-heading');
  await face(0, /^Next whisper: (5|6)\d0 m straight ahead$/, 0);
  await face(135, /^Next whisper: (5|6)\d0 m behind you on the left$/, -135);
  await face(180, /^Next whisper: (5|6)\d0 m behind you$/, 180);
  await page.getByRole('button', { name: 'Stop walking' }).click();
});

test('while walking, the home screen reads at walk pace: at most every 5 s and not before 10 m', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const PACE_PLACE = { latitude: 31.66, longitude: -81.64 };
  await context.setExtraHTTPHeaders(readerHeaders());
  let here = PACE_PLACE;
  await stepTo(context, here);
  const reads: { path: string; at: number }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/(stories\/(discoverable|map)|notifications\/smart)/.test(url.pathname))
      reads.push({ path: url.pathname + url.search, at: Date.now() });
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Nearby Whispers' })).toBeVisible();
  const kinds = ['/api/stories/discoverable/', '/api/stories/map', '/api/notifications/smart/'];
  const of = (kind: string, from: number) => reads.slice(from).filter((r) => r.path.startsWith(kind));
  await expect.poll(() => of(kinds[0]!, 0).length).toBeGreaterThan(0);

  // Without walk mode the screen follows the device: each 15 m step is read at once.
  let mark = reads.length;
  for (let step = 1; step <= 4; step++) {
    here = northOf(here, 15);
    await stepTo(context, here);
    await expect.poll(() => of(kinds[0]!, mark).length).toBeGreaterThanOrEqual(step);
  }

  // Walking 2 m every 500 ms for 14 s: reads at most every 5 s, each 10 m or more from the one before.
  await page.getByRole('button', { name: 'Walk', exact: true }).click();
  await expect(page.getByText('Walk mode is on: whispers will find you as you walk.')).toBeVisible();
  mark = reads.length;
  for (let i = 0; i < 28; i++) {
    here = northOf(here, 2);
    await stepTo(context, here);
    // The walker's own pace (2 m each half second): the time between steps is what this test is about.
    await page.waitForTimeout(500);
  }
  const nearby = of(kinds[0]!, mark);
  expect(nearby.length).toBeGreaterThanOrEqual(2);
  expect(nearby.length).toBeLessThanOrEqual(4);
  const latOf = (path: string) => Number(path.split('/')[4]);
  for (const kind of kinds) {
    const list = of(kind, mark);
    for (const [i, read] of list.slice(1).entries())
      expect(read.at - list[i]!.at, `${kind}: ${list.map((r) => r.path).join(' ')}`).toBeGreaterThanOrEqual(4_800);
  }
  for (const [i, read] of nearby.slice(1).entries())
    expect((latOf(read.path) - latOf(nearby[i]!.path)) * 111_195).toBeGreaterThanOrEqual(10);
  await page.getByRole('button', { name: 'Stop walking' }).click();
});

test('a tour made from My Stories, followed stop by stop to "Tour complete"', async ({ browser, page, context }) => {
  test.setTimeout(150_000);
  // The author makes the tour in My Stories.
  await context.setExtraHTTPHeaders(readerHeaders());
  await stepTo(context, TOUR_PLACE);
  const account = await signUpAndSignIn(page);
  const authorApi: Author = { account, request: page.request };
  const titles = ['Old Mill', 'Stone Bridge', 'Lantern Lane'].map((t) => `${t} ${run}`);
  const stops = [0, 150, 300].map((m) => northOf(TOUR_PLACE, m));
  for (const [i, title] of titles.entries()) {
    await createStoryViaApi(authorApi, { ...stops[i]!, title, category: 'History', content: `Stop ${i + 1} words.` });
  }
  await page.goto('/my-stories');
  await page.getByRole('button', { name: 'New tour' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tour' });
  await dialog.getByLabel('Title').fill(`River Walk ${run}`);
  await dialog.getByLabel('Description (optional)').fill('Three stops along the mill race.');
  // Added out of order, then put right with the up/down buttons.
  for (const title of [titles[0]!, titles[2]!, titles[1]!])
    await dialog.getByRole('button', { name: `Add ${title}` }).click();
  await dialog.getByRole('button', { name: `Move ${titles[1]} up` }).click();
  await expect(dialog.locator('ol > li')).toHaveText([
    new RegExp(titles[0]!),
    new RegExp(titles[1]!),
    new RegExp(titles[2]!),
  ]);
  await expect(dialog.getByText(/^\d+ m · \d+ min walk$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'new-tour');
  await dialog.getByRole('button', { name: 'Create tour' }).click();
  await expect(page).toHaveURL(/\/tours\/[0-9a-f-]{36}$/);
  const tourUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: `River Walk ${run}` })).toBeVisible();
  await expect(page.getByTestId('tour-insights-figures')).toHaveText('Starts0Stops reached0Completions0');
  const listed = page.getByRole('region', { name: 'Stops' }).getByRole('listitem');
  await expect(listed).toHaveText([new RegExp(titles[0]!), new RegExp(titles[1]!), new RegExp(titles[2]!)]);
  // The author's own stops are not "found" (docs/decisions/051-walker-stumbles-fourth-round.md).
  await expect(page.getByTestId('tour-progress')).toHaveText('Your tour: readers see how many stops they have found');
  await expect(page.getByText('Tour complete')).toHaveCount(0);
  await expect(listed.filter({ hasText: 'Your story' })).toHaveCount(3);
  await expect(listed.filter({ hasText: /Found|Not found yet/ })).toHaveCount(0);

  // The share page carries spoiler-safe Open Graph tags.
  const shared = await page.request.get(tourUrl);
  const html = await shared.text();
  expect(html).toContain(`<meta property="og:title" content="River Walk ${run}" />`);
  expect(html).toContain('Walking tour · 3 stops');
  expect(html).not.toContain(titles[0]!);

  // A reader follows it.
  const readerContext = await browser.newContext({
    geolocation: { ...northOf(TOUR_PLACE, -250), accuracy: 5 },
    permissions: ['geolocation'],
  });
  await readerContext.setExtraHTTPHeaders(readerHeaders());
  await readerContext.addInitScript(OBSERVE);
  const reader = await readerContext.newPage();
  await signUpAndSignIn(reader);
  await reader.goto(tourUrl);
  await expect(reader.getByTestId('tour-progress')).toHaveText('0 of 3 found');
  // The town it starts near follows (the offline gazetteer, docs/decisions/040-offline-gazetteer.md).
  await expect(reader.getByText(/3 stops · 300 m · 4 min walk · starts near [^·]+$/)).toBeVisible();
  expect(await seriousViolations(reader)).toEqual([]);
  await reader.getByRole('button', { name: 'Walk this tour' }).click();
  await expect(reader.getByText('Stop 1 of 3', { exact: true })).toBeVisible();
  await expect(reader.getByTestId('walk-compass')).toHaveText(/^Next stop: 2\d0 m north$/);
  await shoot(reader, 'tour-walk');

  for (const [i, stop] of stops.entries()) {
    await stepTo(readerContext, northOf(stop, -5));
    await expect(reader.getByTestId('tour-progress')).toHaveText(`${i + 1} of 3 found`, { timeout: 20_000 });
    if (i < 2) await expect(reader.getByText(`Stop ${i + 2} of 3`, { exact: true })).toBeVisible();
  }
  await expect(reader.getByText('Tour complete').first()).toBeVisible();
  await shoot(reader, 'tour-complete');
  // Kept on the reader's tour page.
  await reader.reload();
  await expect(reader.getByTestId('tour-progress')).toHaveText('3 of 3 found');
  await expect(reader.getByText('Tour complete')).toBeVisible();

  // The tour opened is followed: the home map draws its line through the numbered stops, until "Stop following".
  await reader.goto('/');
  await expect(reader.getByText(/Following the tour/)).toBeVisible();
  const map = reader.locator('.leaflet-container');
  for (const [i, title] of titles.entries())
    await expect(map.locator(`[title="Stop ${i + 1}: ${title}"]`)).toBeVisible();
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
  await shoot(reader, 'home-tour-line');
  await reader.getByRole('button', { name: 'Stop following' }).click();
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(0);
  await expect(reader.getByText(/Following the tour/)).toHaveCount(0);

  // Tours near you on /discover.
  await reader.goto('/discover');
  const near = reader.getByRole('region', { name: 'Tours near you' });
  await expect(near.getByRole('link', { name: new RegExp(`River Walk ${run}`) })).toBeVisible();
  await near.scrollIntoViewIfNeeded();
  await shoot(reader, 'discover-tours');
  await readerContext.close();

  // docs/decisions/018-insights-counts-not-readers.md: the author sees the walk counted on the tour page (written within INSIGHTS_FLUSH_MS): one
  // start and one completion show as "fewer than 3", the three stops reached as 3. The author's own visits do not count.
  await expect(async () => {
    await page.goto(tourUrl);
    const figures = page.getByTestId('tour-insights-figures');
    await expect(figures).toContainText('Starts' + 'fewer than 3', { timeout: 2_000 });
    await expect(figures).toContainText('Stops reached3');
    await expect(figures).toContainText('Completions' + 'fewer than 3');
  }).toPass({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'tour-insights');

  // docs/decisions/016-walk-mode-and-tours.md: the author switches a stop's story to private in its edit form; it drops out of the tour.
  await page.goto('/my-stories');
  await page.getByRole('button', { name: `Edit “${titles[2]}”` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit story' });
  const visibility = edit.getByRole('switch', { name: 'Public' });
  await expect(visibility).toHaveAttribute('aria-checked', 'true');
  await visibility.click();
  await expect(visibility).toHaveAttribute('aria-checked', 'false');
  await expect(edit.getByText(/^Private: only you can see it\./)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'edit-private');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await page.goto(tourUrl);
  await expect(page.getByText(`“${titles[2]}” left this tour: you made it private.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Stops' }).getByRole('listitem')).toHaveText([
    new RegExp(titles[0]!),
    new RegExp(titles[1]!),
  ]);
  // Not listed to anyone else: the private story is gone from a visitor's nearby list at its own place.
  const visitor = await browser.newContext({
    geolocation: { ...stops[2]!, accuracy: 5 },
    permissions: ['geolocation'],
  });
  await visitor.setExtraHTTPHeaders(readerHeaders());
  const nearby = await visitor.request.get(`/api/stories/discoverable/${stops[2]!.latitude}/${stops[2]!.longitude}`);
  const seen = ((await nearby.json()) as { title: string }[]).map((story) => story.title);
  expect(seen).toContain(titles[1]);
  expect(seen).not.toContain(titles[2]);
  await visitor.close();
});
