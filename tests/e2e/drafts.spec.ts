/**
 * Planned stories and tours in the browser (docs/decisions/060-story-drafts-and-routes-in.md): an author plans a
 * text story 2 km from home, finds it under "Planned — pin it on site", is refused "Pin here" from home with the
 * too-far sentence, walks there and pins it (it becomes one of their stories, the draft goes); imports a GPX of three
 * waypoints (a planned tour "0 of 3 pinned"); a second user never sees any of it. Walk mode offers "Publish now" for
 * a planned stop within reach. Axe on the new screens; screenshots at 390×844 and 1280×800 in /tmp/drafts-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DRAFT_MESSAGES } from '#common/drafts';
import { signUpAndSignIn } from './support/accounts';
import { northOf } from './support/stories';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const shift = () => Math.round((Math.random() - 0.5) * 0.2 * 10_000) / 10_000;
// A place of its own, far from every other spec's stories.
const HOME = { latitude: 31.21 + shift(), longitude: -81.52 + shift() };
const PLANNED = northOf(HOME, 2_000);
const TITLE = `Lamp by the weir ${run}`;
const TOUR_NAME = `Marsh loop ${run}`;
const STOP_HERE = `Gate stop ${run}`;
/** client/src/features/planned/lib/planned.ts: an imported stop has no category or words yet. */
const NOT_READY_TO_PIN = 'Finish this story before pinning it: Edit it to choose a category and write it.';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/drafts-${name}-390.png`, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `/tmp/drafts-${name}-1280.png`, fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The author's reads while walking make their position an accepted claim (the map and lists read around it). */
async function walkTo(page: Page, at: { latitude: number; longitude: number }) {
  await page.context().setGeolocation({ ...at, accuracy: 5 });
  const read = page.waitForResponse((res) => {
    const lat = /\/api\/stories\/discoverable\/(-?[\d.]+)\//.exec(res.url())?.[1];
    return lat !== undefined && Math.abs(Number(lat) - at.latitude) < 0.0005 && res.ok();
  });
  await page.goto('/');
  await read;
}

const planned = (page: Page) => page.getByRole('region', { name: 'Planned — pin it on site' });
const draftCard = (page: Page, title: string) => planned(page).getByRole('listitem', { name: title, exact: true });

function gpxFile(points: { name: string; at: { latitude: number; longitude: number } }[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drafts-e2e-'));
  const file = path.join(dir, 'marsh-loop.gpx');
  const waypoints = points
    .map((p) => `  <wpt lat="${p.at.latitude}" lon="${p.at.longitude}"><name>${p.name}</name></wpt>`)
    .join('\n');
  fs.writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1">\n  <metadata><name>${TOUR_NAME}</name></metadata>\n${waypoints}\n</gpx>\n`,
  );
  return file;
}

test('an author plans a story at home, is refused far away, pins it on site; imports a route; walk mode offers Publish now', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().setGeolocation({ ...HOME, accuracy: 5 });
  await page.goto('/');
  await signUpAndSignIn(page);
  await page.goto('/my-stories');
  await expect(planned(page)).toBeVisible();

  // Plan a text story 2 km away, its place typed in the fields beside the map.
  await page.getByRole('button', { name: 'Plan a story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan a story' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Latitude').fill(String(PLANNED.latitude));
  await dialog.getByLabel('Longitude').fill(String(PLANNED.longitude));
  await expect(dialog.locator('.leaflet-marker-icon[title="Planned place"]')).toBeVisible();
  await shoot(page, 'plan-dialog');
  await dialog.getByRole('tab', { name: /Text Story/ }).click();
  await dialog.getByLabel('Story Title').fill(TITLE);
  await dialog.getByLabel('Category').selectOption('Mystery');
  await dialog.getByLabel('Your Story').fill('The lamp is lit for whoever crosses the weir after dark.');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'plan-dialog-form');
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(dialog).toBeHidden();

  // Listed under "Planned — pin it on site", with how far its place is.
  const card = draftCard(page, TITLE);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Text');
  await expect(card).toContainText(/2\.0km from you/);
  await expect(page.getByRole('region', { name: /Your Stories/ }).getByText(TITLE)).toHaveCount(0);

  // From home: refused with the too-far sentence, nothing published.
  await card.getByRole('button', { name: 'Pin here' }).click();
  await expect(card.getByRole('alert')).toHaveText(DRAFT_MESSAGES.tooFar);
  await expect(card).toBeVisible();

  // A route file over 2 MB is refused in the browser with the server's sentence; a broken one with the server's.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drafts-e2e-'));
  const huge = path.join(dir, 'huge.gpx');
  fs.writeFileSync(huge, `<gpx>${' '.repeat(2 * 1024 * 1024)}</gpx>`);
  const broken = path.join(dir, 'broken.gpx');
  fs.writeFileSync(broken, '<gpx><wpt lat="1" lon=');
  let imports = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/drafts/import')) imports += 1;
  });
  const importAlert = planned(page).getByRole('alert').filter({ hasText: 'route file' });
  for (const [file, sentence] of [
    [huge, 'The route file is too large (at most 2 MB).'],
    [broken, 'The route file could not be read. Please choose a GPX, KML or GeoJSON file.'],
  ] as const) {
    const picker = page.waitForEvent('filechooser');
    await planned(page).getByRole('button', { name: 'Import a route' }).click();
    await (await picker).setFiles(file);
    await expect(importAlert).toHaveText(sentence);
  }
  expect(imports).toBe(1);

  // Import a route: a GPX of three waypoints (one where the author will stand for the walk).
  const STANDING = northOf(PLANNED, -60);
  const gpx = gpxFile([
    { name: STOP_HERE, at: northOf(STANDING, 30) },
    { name: `Reed bed ${run}`, at: northOf(STANDING, 700) },
    { name: `Old sluice ${run}`, at: northOf(STANDING, 1400) },
  ]);
  const chooser = page.waitForEvent('filechooser');
  await planned(page).getByRole('button', { name: 'Import a route' }).click();
  await (await chooser).setFiles(gpx);
  const tour = planned(page).getByRole('listitem', { name: TOUR_NAME, exact: true });
  await expect(tour.getByTestId('planned-tour-progress')).toHaveText('0 of 3 pinned');
  await expect(tour.getByRole('list', { name: `Stops of ${TOUR_NAME}` }).getByRole('listitem')).toHaveCount(3);
  await expect(tour.getByText('still to pin')).toHaveCount(3);
  await expect(tour.getByRole('button', { name: 'Publish tour' })).toBeDisabled();
  // An imported stop has its name but no category or words yet: Edit it (PATCH) before it can be pinned.
  const stop = draftCard(page, STOP_HERE);
  await expect(stop).toContainText(NOT_READY_TO_PIN);
  await expect(stop.getByRole('button', { name: 'Pin here' })).toBeDisabled();
  await stop.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit planned story' });
  await edit.getByLabel('Category').selectOption('Mystery');
  await edit.getByLabel('Your Story').fill('Someone left the gate open for you.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(stop).not.toContainText(NOT_READY_TO_PIN);
  await expect(stop.getByRole('button', { name: 'Pin here' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  // The "Plan saved!" toast (5 s) out of the picture.
  await expect(page.locator('ol > li[data-state="open"]')).toHaveCount(0, { timeout: 10_000 });
  await planned(page).getByRole('heading', { name: 'Planned — pin it on site' }).scrollIntoViewIfNeeded();
  await shoot(page, 'my-stories');

  // A second user never sees any of it: not in their My Stories, not through the API.
  const other = await browser.newContext({ geolocation: PLANNED, permissions: ['geolocation'] });
  const stranger = await other.newPage();
  await stranger.goto('/');
  await signUpAndSignIn(stranger);
  await stranger.goto('/my-stories');
  await expect(planned(stranger)).toContainText('Nothing planned yet.');
  await expect(stranger.getByText(TITLE)).toHaveCount(0);
  expect((await (await stranger.request.get('/api/drafts')).json()).drafts).toEqual([]);
  expect((await (await stranger.request.get('/api/drafts/tours')).json()).tours).toEqual([]);
  await other.close();

  // On site: within 100 m of the planned place, "Pin here" publishes it.
  await walkTo(page, STANDING);
  await page.goto('/my-stories');
  await draftCard(page, TITLE).getByRole('button', { name: 'Pin here' }).click();
  await expect(draftCard(page, TITLE)).toHaveCount(0);
  const yours = page.getByRole('region', { name: /Your Stories/ });
  await expect(yours.getByRole('button', { name: new RegExp(`^${TITLE}`) })).toBeVisible();

  // Walk mode: the planned stop within reach offers "Publish now".
  await page.goto('/');
  await page.getByRole('button', { name: 'Walk', exact: true }).click();
  const publishNow = page.getByRole('button', { name: `Publish now: ${STOP_HERE}` });
  await expect(publishNow).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'walk-publish-now');
  await publishNow.click();
  await expect(publishNow).toHaveCount(0);
  await page.goto('/my-stories');
  await expect(planned(page).getByTestId('planned-tour-progress')).toHaveText('1 of 3 pinned');
  await expect(draftCard(page, STOP_HERE)).toHaveCount(0);

  // A second stop moved (Edit) to where the author stands and pinned: the tour can be published, and becomes a tour.
  const reedBed = draftCard(page, `Reed bed ${run}`);
  await reedBed.getByRole('button', { name: 'Edit' }).click();
  const moveIt = page.getByRole('dialog', { name: 'Edit planned story' });
  await moveIt.getByLabel('Category').selectOption('Nature');
  await moveIt.getByLabel('Your Story').fill('The reeds lean the way the water went.');
  await moveIt.getByLabel('Latitude').fill(String(STANDING.latitude));
  await moveIt.getByLabel('Longitude').fill(String(STANDING.longitude));
  await moveIt.getByRole('button', { name: 'Save changes' }).click();
  await expect(moveIt).toBeHidden();
  await expect(reedBed).toContainText(/\b\d+m from you/);
  await reedBed.getByRole('button', { name: 'Pin here' }).click();
  await expect(reedBed).toHaveCount(0);
  const tourCard = planned(page).getByRole('listitem', { name: TOUR_NAME, exact: true });
  await expect(tourCard.getByTestId('planned-tour-progress')).toHaveText('2 of 3 pinned');
  await expect(tourCard.getByText('still to pin')).toHaveCount(1);
  await tourCard.getByRole('button', { name: 'Publish tour' }).click();
  await expect(tourCard).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your tours' }).getByText(TOUR_NAME)).toBeVisible();
});

test('a planned tour given up goes with its stops not pinned yet', async ({ page }) => {
  const at = northOf(HOME, 5_000);
  await page.context().setGeolocation(at);
  await page.goto('/');
  await signUpAndSignIn(page);
  await page.goto('/my-stories');
  const name = `Given up ${run}`;
  const chooser = page.waitForEvent('filechooser');
  await planned(page).getByRole('button', { name: 'Import a route' }).click();
  const stops = [`Heron post ${run}`, `Boat ramp ${run}`];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drafts-e2e-'));
  const file = path.join(dir, 'given-up.geojson');
  fs.writeFileSync(
    file,
    JSON.stringify({
      type: 'FeatureCollection',
      name,
      features: stops.map((title, i) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [at.longitude, northOf(at, 300 * (i + 1)).latitude] },
        properties: { name: title },
      })),
    }),
  );
  await (await chooser).setFiles(file);
  const tour = planned(page).getByRole('listitem', { name: stops[0], exact: true }).first();
  await expect(tour).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  const tourCard = planned(page)
    .getByRole('listitem')
    .filter({ has: page.getByTestId('planned-tour-progress') });
  await expect(tourCard).toHaveCount(1);
  await tourCard.getByRole('button', { name: 'Delete plan' }).click();
  await expect(tourCard).toHaveCount(0);
  for (const title of stops) await expect(planned(page).getByText(title)).toHaveCount(0);
  const left = await page.request.get('/api/drafts');
  expect(((await left.json()) as { drafts: unknown[] }).drafts).toEqual([]);
});
