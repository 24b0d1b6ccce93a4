/**
 * The Create Story preview's pin end to end (docs/design.md, parts 2 and 4): dragged up to 200 m from the reader's fix and
 * no further; the story is published where the pin stands.
 */
import { expect, test } from '@playwright/test';
import { haversineMetres } from '#common/geo';
import { fillShared, openCreateDialog, PLACES, signedInAt } from './support/create-story';

test('the preview map moves the pin up to 200 m from the fix, not beyond; the story is published there', async ({
  page,
}) => {
  await signedInAt(page, PLACES.pin);
  const dialog = await openCreateDialog(page, PLACES.pin);
  await dialog.getByRole('tab', { name: /Text Story/ }).click();
  await fillShared(dialog, 'The moved pin');
  await dialog.getByLabel('Your Story').fill('Placed by the fountain, not at my door.');
  await dialog.getByRole('button', { name: 'Preview Story' }).click();
  const preview = page.getByRole('dialog', { name: 'Story Preview' });
  await expect(preview.getByText('The story is placed where you are.')).toBeVisible();

  const pin = preview.locator('.leaflet-marker-icon[title="Story pin"]');
  const drag = async (dx: number, dy: number) => {
    const box = (await pin.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
    await page.mouse.move(x + dx, y + dy, { steps: 5 });
    await page.mouse.up();
  };
  const movedMetres = async () =>
    Number(
      /Pin moved (\d+) m/.exec(
        (await preview.getByRole('status').filter({ hasText: 'Pin moved' }).textContent()) ?? '',
      )?.[1],
    );

  // Zoom 17 at 47° N: about 0.8 m per pixel. 60 px is ~50 m, allowed as it is.
  await drag(60, 0);
  await expect(preview.getByText(/Pin moved \d+ m from where you are/)).toBeVisible();
  expect(await movedMetres()).toBeGreaterThan(30);
  expect(await movedMetres()).toBeLessThan(80);
  // 500 px more (~400 m) is pulled back onto the 200 m circle.
  await drag(0, -500);
  await expect.poll(movedMetres).toBeGreaterThan(190);
  expect(await movedMetres()).toBeLessThanOrEqual(200);
  await preview.locator('.leaflet-container').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/loc-pin-390.png' });

  const created = page.waitForResponse((r) => r.url().endsWith('/api/stories') && r.request().method() === 'POST');
  await preview.getByRole('button', { name: 'Publish Story' }).click();
  const story = await (await created).json();
  expect((await created).status()).toBe(201);
  const metres = haversineMetres(PLACES.pin, story);
  expect(metres).toBeGreaterThan(190);
  expect(metres).toBeLessThanOrEqual(200);
});
