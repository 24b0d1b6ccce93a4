/**
 * The create dialog's files and failures at 390 px (docs/decisions/052-offline-screens-and-creating.md): a file is
 * checked by content as it is picked, with the server's words; an audio story may be an uploaded file; the
 * server's refusal stays until dismissed or fixed; a rule's toast goes once the field is fixed; Cancel stops an
 * upload still sending and nothing is published. Screenshots in /tmp/w54-create-*.png.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { audioWebm, imagePng } from './support/stories';
import { expectToast, fillShared, openCreateDialog, signedInAt, PLACES } from './support/create-story';
import { readerHeaders } from './support/reader-address';

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
});

const run = Date.now().toString(36);
/** The open toast (one at a time), as support/create-story.ts finds it. */
const openToast = (page: Page) => page.locator('ol > li[data-state="open"]');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/w54-create-${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `/tmp/w54-create-${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** An MP4 whose video is MPEG-4 Part 2: a container the dialog takes, a codec the server refuses. */
function mpeg4PartTwoVideo() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'w54-'));
  const out = path.join(dir, 'old-camera.mp4');
  try {
    execFileSync(process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=2'],
      ...['-c:v', 'mpeg4', out],
    ]);
    return { name: 'old-camera.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(out) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function myTitles(page: Page): Promise<string[]> {
  const { id } = (await (await page.request.get('/api/user/current')).json()) as { id: string };
  const list = (await (await page.request.get(`/api/stories/user/${id}`)).json()) as { title: string }[];
  return list.map((story) => story.title);
}

test('a picture picked as a video, or as audio, is refused at the pick with the server’s words', async ({ page }) => {
  await signedInAt(page, PLACES.checks);
  const dialog = await openCreateDialog(page);
  await dialog.getByRole('tab', { name: /Video Story/ }).click();
  // Declared as a video: the content says otherwise.
  await dialog.getByLabel('Story Video').setInputFiles({ ...imagePng(), name: 'holiday.mp4', mimeType: 'video/mp4' });
  await expect(dialog.getByRole('alert')).toHaveText(MEDIA_KIND_SPECS.video.messages.unsupported);
  await expect(dialog.getByLabel('Selected video preview')).toHaveCount(0);
  await expect(dialog.getByLabel('Story Video')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'png-as-video');

  await dialog.getByRole('tab', { name: /Audio Story/ }).click();
  await dialog.getByLabel('Or upload an audio file').setInputFiles(imagePng());
  await expect(dialog.getByRole('alert')).toHaveText(MEDIA_KIND_SPECS.audio.messages.unsupported);
  await expect(dialog.getByText(/^File ready/)).toHaveCount(0);
});

test('an audio story from an uploaded file is published', async ({ page }) => {
  await signedInAt(page, PLACES.audio);
  const title = `Harbour Bells ${run}`;
  const dialog = await openCreateDialog(page);
  await expect(dialog.getByRole('tab', { name: /Audio Story/ })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText('Accepted: .webm, .ogg, .m4a or .mp3')).toBeVisible();
  await fillShared(dialog, title);
  await dialog.getByLabel('Or upload an audio file').setInputFiles({ ...audioWebm(3), name: 'harbour.webm' });
  await expect(dialog.getByText(/^File ready · harbour\.webm · 0:03 · [\d.]+ KB$/)).toBeVisible();
  await expect(dialog.getByLabel('Recording preview')).toBeVisible();
  await shoot(page, 'audio-file');
  await dialog.getByRole('button', { name: 'Preview Story' }).click();
  const preview = page.getByRole('dialog', { name: 'Story Preview' });
  await expect(preview.getByText('harbour.webm')).toBeVisible();
  await preview.getByRole('button', { name: 'Publish Story' }).click();
  await expectToast(page, 'Story created!', 'Your story has been published successfully.');
  await expect(preview).toBeHidden();
  const { id } = (await (await page.request.get('/api/user/current')).json()) as { id: string };
  const list = (await (await page.request.get(`/api/stories/user/${id}`)).json()) as {
    title: string;
    type: string;
    duration: number | null;
  }[];
  expect(list.find((story) => story.title === title)).toMatchObject({ type: 'audio', duration: 3 });
});

test('the server’s refusal stays in the dialog until dismissed or the draft changes', async ({ page }) => {
  await page.clock.install();
  await signedInAt(page, PLACES.checks);
  const dialog = await openCreateDialog(page);
  await dialog.getByRole('tab', { name: /Video Story/ }).click();
  await fillShared(dialog, `Old Camera ${run}`);
  await dialog.getByLabel('Story Video').setInputFiles(mpeg4PartTwoVideo());
  await dialog.getByRole('button', { name: 'Preview Story' }).click();
  const preview = page.getByRole('dialog', { name: 'Story Preview' });
  await preview.getByRole('button', { name: 'Publish Story' }).click();
  const refusal = preview.getByRole('alert');
  // The server reads the file's codec before it answers: on a loaded machine that takes longer than a click.
  await expect(refusal).toHaveText(/^Unsupported video format: /, { timeout: 30_000 });
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(refusal).toBeInViewport();
  expect(await preview.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  // Long after any toast would have closed, it is still there, with nothing on top of it.
  await page.clock.fastForward('00:30');
  await expect(refusal).toBeVisible();
  await expect(page.getByText('Need to close this dialog?')).toHaveCount(0);
  await expect(preview.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
  await shoot(page, 'refusal-stays');
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refusal).toBeHidden();

  // Again, then fixed: changing the draft takes the message away.
  await preview.getByRole('button', { name: 'Publish Story' }).click();
  await expect(refusal).toBeVisible();
  await preview.getByRole('button', { name: 'Edit Story' }).click();
  const edit = page.getByRole('dialog', { name: 'Create Story' });
  await expect(edit.getByRole('alert')).toBeVisible();
  await edit.getByRole('button', { name: 'Remove' }).click();
  await expect(edit.getByRole('alert')).toHaveCount(0);
});

test('a stale "Invalid TikTok URL" toast goes once the field says Valid', async ({ page }) => {
  await signedInAt(page, PLACES.checks);
  const dialog = await openCreateDialog(page);
  await dialog.getByRole('tab', { name: /TikTok Story/ }).click();
  await fillShared(dialog, `Dance ${run}`);
  const url = dialog.getByLabel('TikTok URL');
  await url.fill('https://example.com/@someone/video/7234567890123456789');
  await dialog.getByRole('button', { name: 'Preview Story' }).click();
  await expectToast(page, 'Invalid TikTok URL', 'Please paste a valid TikTok video URL.');
  await url.fill('https://www.tiktok.com/@someone/video/7234567890123456789');
  await expect(dialog.getByText('Valid', { exact: true })).toBeVisible();
  await expect(openToast(page)).toHaveCount(0);
});

test('Cancel stops an upload still sending: nothing is published, the draft stays', async ({ page, context }) => {
  await signedInAt(page, PLACES.checks);
  const title = `Slow Line ${run}`;
  const dialog = await openCreateDialog(page);
  await dialog.getByRole('tab', { name: /Image Story/ }).click();
  await fillShared(dialog, title);
  // A large picture (a PNG by its first bytes) over a slow line: the upload takes far longer than the test.
  const png = imagePng().buffer;
  const large = Buffer.concat([png.subarray(0, 8), Buffer.alloc(6 * 1024 * 1024, 1)]);
  await dialog.getByLabel('Story Image').setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: large });
  await dialog.getByRole('button', { name: 'Preview Story' }).click();
  const preview = page.getByRole('dialog', { name: 'Story Preview' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 1024 * 1024,
    uploadThroughput: 64 * 1024,
  });
  try {
    await preview.getByRole('button', { name: 'Publish Story' }).click();
    const stop = preview.getByRole('button', { name: 'Cancel upload' });
    await expect(stop).toBeEnabled();
    await expect(preview.getByText('Uploading...')).toBeVisible();
    await shoot(page, 'uploading');
    // At 320 px too, the footer's actions fit the dialog and Cancel upload is in view.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(stop).toBeInViewport();
    expect(await preview.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/w54-create-uploading-320.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await stop.click();
    await expect(
      preview.getByRole('status').filter({ hasText: 'Upload cancelled. Nothing was published.' }),
    ).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Publish Story' })).toBeEnabled();
    await expect(preview.getByRole('progressbar')).toHaveCount(0);
    await shoot(page, 'upload-cancelled');
  } finally {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  expect(await myTitles(page)).not.toContain(title);
});
