/**
 * Transcripts and captions (docs/decisions/056-transcripts-and-captions.md): an author is prompted to add a
 * transcript to their audio story and adds one from a WebVTT file; a reader at the place opens it beside the player,
 * follows it and seeks with a cue ("transcript opened" is reported); a video story carries its captions as a
 * `<track kind="captions">`. axe-clean; screenshots at 390×844 and 1280×800 for looking at.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { audioWebm, createStoryViaApi, northOf, SAVANNAH, videoMp4 } from './support/stories';
import { readerHeaders } from './support/reader-address';

const here = northOf(SAVANNAH, 40);

const VTT = `WEBVTT

00:00.000 --> 00:04.000
The bell rang at noon.

00:04.000 --> 00:09.000
Fishermen <b>hurried</b> to the quay.

00:09.000 --> 00:14.000
Nobody remembers who rang it.
`;

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/transcripts-${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `/tmp/transcripts-${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('an author adds a transcript to an audio story; a reader at the place opens it and follows along', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const authorContext = await browser.newContext({
    extraHTTPHeaders: readerHeaders(),
    geolocation: here,
    permissions: ['geolocation'],
  });
  const authorPage = await authorContext.newPage();
  await authorPage.setViewportSize({ width: 390, height: 844 });
  const account = await signUpAndSignIn(authorPage);
  const run = Date.now().toString(36);
  const story = await createStoryViaApi(
    { account, request: authorPage.request },
    { ...here, title: `Harbour Bell ${run}`, type: 'audio', description: 'Listen by the water.' },
    audioWebm(20),
  );

  // The author: no transcript yet, and a gentle prompt with the editor.
  await authorPage.goto(`/stories/${story.id}`);
  const authorDialog = authorPage.getByRole('dialog', { name: story.title });
  await expect(authorDialog.getByText('No transcript yet')).toBeVisible();
  await expect(authorDialog.getByText('Add a transcript so everyone can follow this story.')).toBeVisible();
  await authorDialog.getByRole('button', { name: 'Add transcript' }).click();
  const editor = authorPage.getByRole('dialog', { name: 'Transcript' });
  await editor
    .getByLabel('Or choose a WebVTT file (.vtt)')
    .setInputFiles({ name: 'bell.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
  await expect(editor.getByLabel('Words of the story (plain text or WebVTT)')).toHaveValue(VTT);
  await screenshots(authorPage, 'editor');
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor).toBeHidden();
  await expect(authorDialog.getByText('Transcript', { exact: true })).toBeVisible();
  await authorContext.close();

  // A signed-out reader at the spot opens the story and its transcript.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().setExtraHTTPHeaders(readerHeaders());
  await page.context().setGeolocation(here);
  await page.context().grantPermissions(['geolocation']);
  await page.goto(`/stories/${story.id}`);
  const dialog = page.getByRole('dialog', { name: story.title });
  await expect(dialog.locator('audio')).toBeAttached();
  const opened = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/insights/events') &&
      (r.request().postDataJSON() as { kind: string }).kind === 'transcript',
  );
  await dialog.getByText('Transcript', { exact: true }).click();
  expect((await opened).status()).toBe(204);
  const cues = dialog.getByRole('list', { name: 'Transcript cues' });
  await expect(cues.getByRole('button')).toHaveText([
    /0:00\s*The bell rang at noon\./,
    /0:04\s*Fishermen hurried to the quay\./,
    /0:09\s*Nobody remembers who rang it\./,
  ]);

  // A cue seeks the player, and the cue being played is marked.
  await cues.getByRole('button', { name: /Fishermen hurried/ }).click();
  await expect(cues.getByRole('button', { name: /Fishermen hurried/ })).toHaveAttribute('aria-current', 'true');
  await expect
    .poll(() => dialog.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeGreaterThanOrEqual(4);
  await dialog.locator('audio').evaluate((a: HTMLAudioElement) => a.pause());
  await expectAxeClean(page);
  await screenshots(page, 'audio');
});

test('a video story shows its captions as a captions track', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const spot = northOf(SAVANNAH, 60);
  const authorContext = await browser.newContext({ extraHTTPHeaders: readerHeaders(), geolocation: spot });
  const authorPage = await authorContext.newPage();
  const account = await signUpAndSignIn(authorPage);
  const story = await createStoryViaApi(
    { account, request: authorPage.request },
    { ...spot, title: `Pier Waves ${Date.now().toString(36)}`, type: 'video' },
    videoMp4(3),
  );
  const saved = await authorPage.request.put(`/api/stories/${story.id}/transcript`, {
    data: { text: 'WEBVTT\n\n00:00.000 --> 00:02.500\nWaves on the pier\n' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await authorContext.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().setExtraHTTPHeaders(readerHeaders());
  await page.context().setGeolocation(spot);
  await page.context().grantPermissions(['geolocation']);
  await page.goto(`/stories/${story.id}`);
  const dialog = page.getByRole('dialog', { name: story.title });
  const track = dialog.locator('video track');
  await expect(track).toHaveAttribute('kind', 'captions');
  await expect(track).toHaveAttribute('srclang', 'en');
  await expect(track).toHaveAttribute('label', 'Captions');
  await expect(track).toHaveAttribute('src', /\/api\/media\/stories\/.+\/transcript-[0-9a-f]+\.vtt\?exp=\d+&sig=/);
  // The browser loads the track and reads its cue.
  await expect
    .poll(() =>
      dialog.locator('video').evaluate((v: HTMLVideoElement) => {
        const textTrack = v.textTracks[0];
        if (!textTrack) return null;
        textTrack.mode = 'showing';
        return textTrack.cues?.length ? (textTrack.cues[0] as VTTCue).text : null;
      }),
    )
    .toBe('Waves on the pier');
  await dialog.getByText('Captions and transcript', { exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Transcript cues' })).toContainText('Waves on the pier');
  await expectAxeClean(page);
  await screenshots(page, 'video');
});
