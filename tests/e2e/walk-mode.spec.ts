/**
 * Walk mode on a three-stop tour (two text stories, then an audio one), walked at about 1.4 m/s with 30 s at each
 * stop and no touch after "Walk this tour", in Chromium with the strictest autoplay rule
 * (`--autoplay-policy=user-gesture-required`: a media element plays without a gesture only once it has played in
 * one, as iOS Safari). The card follows reach ("Stop k of 3"), the stories left behind step aside into "Found on
 * this walk", the last stop's audio plays by itself, and at "Tour complete" walk mode offers to end and ends by
 * itself. Time runs on Playwright's clock: the walk's minutes pass in a moment. Screenshots in /tmp/walk-*.png.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { signUpAndSignIn } from './support/accounts';
import { readerHeaders } from './support/reader-address';
import { audioWebm, createStoryViaApi, newAuthor, northOf, type Author } from './support/stories';
import { expectNothingWider } from './support/fits';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--autoplay-policy=user-gesture-required'],
  },
});

const run = Date.now().toString(36);
// A place of its own, far from every other spec's stories.
const START = { latitude: 31.54, longitude: -81.83 };
const WALKING_MS_PER_M = 1000 / 1.4;

/** Records each media play(), whether the page had a gesture's activation then, and whether the browser let it play. */
const OBSERVE_PLAYS = () => {
  const observed = window as unknown as {
    __plays: { src: string; ok: boolean; active: boolean; error?: string }[];
    __audios: HTMLMediaElement[];
  };
  observed.__plays = [];
  observed.__audios = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!observed.__audios.includes(this)) observed.__audios.push(this);
    const active = navigator.userActivation.isActive;
    const result = play.call(this);
    result.then(
      () => observed.__plays.push({ src: this.src, ok: true, active }),
      (error: unknown) => observed.__plays.push({ src: this.src, ok: false, active, error: String(error) }),
    );
    return result;
  };
};

let author: Author;
let tourId: string;
const titles = ['The Cannon', 'The Fountain', 'The Bell'].map((title) => `${title} ${run}`);
const stops = [0, 160, 320].map((metres) => northOf(START, metres));

test.beforeAll(async () => {
  author = await newAuthor('walkmode');
  const ids: string[] = [];
  for (const [index, title] of titles.entries()) {
    const audio = index === 2;
    const story = await createStoryViaApi(
      author,
      {
        ...stops[index]!,
        title,
        category: 'History',
        ...(audio ? { type: 'audio', duration: 6 } : { content: `Stop ${index + 1} words.` }),
      },
      audio ? audioWebm(6) : undefined,
    );
    ids.push(story.id);
  }
  const created = await author.request.post('/api/tours', { data: { title: `Three Stops ${run}`, storyIds: ids } });
  expect(created.status(), await created.text()).toBe(201);
  tourId = ((await created.json()) as { id: string }).id;
});

test.afterAll(async () => author?.request.dispose());

/** Walks from `from` to `to` in 20 m steps at 1.4 m/s on the page's clock, then lingers `dwellMs` there. */
async function walk(
  page: Page,
  context: BrowserContext,
  from: { latitude: number; longitude: number },
  metres: number,
  dwellMs: number,
) {
  for (let walked = 20; walked <= metres; walked += 20) {
    await context.setGeolocation({ ...northOf(from, walked), accuracy: 5 });
    await page.clock.fastForward(Math.round(20 * WALKING_MS_PER_M));
  }
  await page.clock.fastForward(dwellMs);
}

test('a three-stop tour walked with no touch: the card follows reach, the audio stop plays by itself', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.addInitScript(OBSERVE_PLAYS);
  const before = northOf(START, -140);
  await context.setGeolocation({ ...before, accuracy: 5 });
  await page.clock.install();
  // Signed in: the tour's progress is the reader's unlock record.
  await signUpAndSignIn(page);

  // Opening the tour does not follow it.
  await page.goto(`/tours/${tourId}`);
  await expect(page.getByTestId('tour-progress')).toHaveText('0 of 3 found');
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Nearby Whispers' })).toBeVisible();
  await expect(page.getByText(/Following the tour/)).toHaveCount(0);
  await page.goto(`/tours/${tourId}`);
  await expect(page.getByRole('button', { name: 'Show on my map' })).toBeVisible();

  // The one tap.
  await page.getByRole('button', { name: 'Walk this tour' }).click();
  await expect(page.getByText('Stop 1 of 3', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop following' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Whisper found' });

  await walk(page, context, before, 140, 30_000);
  await expect(card.getByRole('heading', { name: titles[0] })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('walk-card-stop')).toHaveText(' · Stop 1 of 3');
  await expect(card.getByText(/more whisp/)).toHaveCount(0);

  await walk(page, context, stops[0]!, 160, 30_000);
  // The cannon, out of reach, stepped aside: the fountain is the card, and nothing is said to wait behind it.
  await expect(card.getByRole('heading', { name: titles[1] })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('walk-card-stop')).toHaveText(' · Stop 2 of 3');
  await expect(card.getByText(/more whisp/)).toHaveCount(0);

  // On towards the last stop, still out of its reach. Playwright's own calls into the page (the clock, locators)
  // count as user gestures, so the last steps are taken without them: the page's transient activation runs out
  // (5 s of real time, as after minutes of walking), watched through a bare DevTools call that is no gesture.
  await walk(page, context, stops[1]!, 40, 0);
  const devtools = await context.newCDPSession(page);
  const activeNow = async () =>
    (
      (await devtools.send('Runtime.evaluate', {
        expression: 'navigator.userActivation.isActive',
        returnByValue: true,
        userGesture: false,
      })) as { result: { value: boolean } }
    ).result.value;
  await expect.poll(activeNow, { timeout: 15_000 }).toBe(false);
  await context.setGeolocation({ ...stops[2]!, accuracy: 5 });
  const storyPlays = async () =>
    JSON.parse(
      (
        (await devtools.send('Runtime.evaluate', {
          expression: 'JSON.stringify(window.__plays)',
          returnByValue: true,
          userGesture: false,
        })) as { result: { value: string } }
      ).result.value,
    ) as { src: string; ok: boolean; active: boolean }[];
  await expect
    .poll(async () => (await storyPlays()).filter((entry) => !entry.src.startsWith('data:')), { timeout: 20_000 })
    .toEqual([expect.objectContaining({ ok: true, active: false })]);
  await expect(card.getByRole('heading', { name: titles[2] })).toBeVisible();
  await expect(card.getByTestId('walk-card-stop')).toHaveText(' · Stop 3 of 3');
  await expect(card.getByText(/more whisp/)).toHaveCount(0);
  // The last stop's audio played by itself, with no gesture, on the one element primed in the tap.
  expect(
    await page.evaluate(() => {
      const audios = (window as unknown as { __audios: HTMLMediaElement[] }).__audios;
      return { count: audios.length, playing: !audios[0]!.paused || audios[0]!.ended };
    }),
  ).toEqual({ count: 1, playing: true });

  // Tour complete: the found list in order, the offer to end.
  await expect(page.getByTestId('tour-progress')).toHaveText('3 of 3 found', { timeout: 20_000 });
  await expect(page.getByText('Every stop is found. Walk mode ends by itself in 2 minutes.')).toBeVisible();
  await page.getByText('Found on this walk (3)').click();
  await expect(page.getByRole('list', { name: 'Found on this walk' }).getByRole('listitem')).toHaveText(
    titles.map((title) => new RegExp(title)),
  );
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNothingWider(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/walk-tour-complete-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/walk-tour-complete-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });

  // Left alone, walk mode ends by itself; the found list stays.
  await page.clock.fastForward('02:05');
  await expect(page.getByText('Tour complete: walk mode has ended.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Walk this tour' })).toBeVisible();
  await expect(page.getByText('Found on this walk (3)')).toBeVisible();
});
