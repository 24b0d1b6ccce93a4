/**
 * The installable, offline-capable app (docs/decisions/015-installable-offline-push.md) in Chromium: the manifest and its icons, robots.txt, the
 * service worker controlling the page, an offline reload showing the shell with the stories last seen and the
 * offline line, a story read before still readable offline while a locked one stays locked, sign-out clearing
 * the caches, the update prompt when a new worker waits, and a story published offline kept as a draft on the
 * device, then published by the author once back online. Push: push-setup.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { createStoryViaApi, imagePng, newAuthor, northOf, type Author } from './support/stories';
import { readerHeaders } from './support/reader-address';

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

const run = Date.now().toString(36);
// A place of its own: no other spec seeds stories here.
const PLACE = { latitude: 31.61, longitude: -81.9 };
let author: Author;
let near: { id: string; title: string };
let far: { id: string; title: string };

test.beforeAll(async () => {
  author = await newAuthor('pwa');
  near = await createStoryViaApi(author, {
    ...northOf(PLACE, 30),
    title: `Lantern Gate ${run}`,
    content: 'The gate opens for those who knock twice.',
  });
  far = await createStoryViaApi(author, {
    ...northOf(PLACE, 900),
    title: `Salt Marsh ${run}`,
    description: 'Listen to the reeds.',
    content: 'Under the third reed lies the ferryman’s coin.',
  });
});
test.afterAll(async () => author?.request.dispose());

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(readerHeaders());
  await context.setGeolocation(PLACE);
});

/** PNG width × height from its IHDR chunk. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

/** Waits until a service worker controls the page (the first visit installs it; a reload puts it in charge). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the manifest, its icons, theme colour and robots.txt make the app installable', async ({ page, request }) => {
  const manifestRes = await request.get('/manifest.webmanifest');
  expect(manifestRes.status()).toBe(200);
  expect(manifestRes.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await manifestRes.json();
  expect(manifest).toMatchObject({
    name: 'Whispers — Discover hidden stories',
    short_name: 'Whispers',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b1020',
    background_color: '#070a16',
  });
  expect(manifest.description).toBeTruthy();
  const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
  for (const size of ['192x192', '512x512']) expect(icons.some((i) => i.sizes === size && !i.purpose)).toBe(true);
  expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of icons) {
    const res = await request.get(`/${icon.src.replace(/^\//, '')}`);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(pngSize(await res.body())).toBe(icon.sizes);
  }
  const shots = manifest.screenshots as { src: string; sizes: string; form_factor: string }[];
  expect(shots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of shots) {
    const res = await request.get(shot.src);
    expect(res.status(), shot.src).toBe(200);
    expect(pngSize(await res.body())).toBe(shot.sizes);
  }

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain('User-agent: *');

  await page.goto('/');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b1020');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const touchIcon = await request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!);
  expect(pngSize(await touchIcon.body())).toBe('180x180');
});

test('a visitor’s page load logs no console error, breaks no security policy and never asks who is signed in', async ({
  page,
}) => {
  // A blocked `eval` inside a try (zod's probe) logs nothing to the console but is reported as a policy violation.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const violations = () => page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user/current') asked.push(request.url());
  });
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Nearby Whispers' }).getByRole('button', { name: new RegExp(`^${near.title}`) }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
  await page.goto('/discover');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('offline, the app opens with the stories last seen, a read story stays readable and a locked one locked', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlled(page);
  const nearby = page.getByRole('region', { name: 'Nearby Whispers' });
  const nearCard = nearby.getByRole('button', { name: new RegExp(`^${near.title}`) });
  const farCard = nearby.getByRole('button', { name: new RegExp(`^${far.title}`) });
  await expect(nearCard).toBeVisible();
  await expect(farCard).toContainText('Walk closer to unlock this story');
  // Read the near story once while online.
  await nearCard.click();
  const dialog = page.getByRole('dialog', { name: near.title });
  await expect(dialog.getByText('The gate opens for those who knock twice.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // And the far one, which the server answers locked.
  await farCard.click();
  await expect(
    page.getByRole('dialog', { name: far.title }).getByText('Walk closer to unlock this story'),
  ).toBeVisible();
  await page.getByRole('dialog', { name: far.title }).getByRole('button', { name: 'Close' }).click();

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText(/^Offline — showing what you saw at \d\d:\d\d$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nearby Whispers' })).toBeVisible();
    await expect(nearCard).toBeVisible();
    await expect(farCard).toContainText('Walk closer to unlock this story');
    await page.screenshot({ path: '/tmp/i24-offline-390.png' });
    await nearCard.click();
    await expect(
      page.getByRole('dialog', { name: near.title }).getByText('The gate opens for those who knock twice.'),
    ).toBeVisible();
    await page.getByRole('dialog', { name: near.title }).getByRole('button', { name: 'Close' }).click();
    await farCard.click();
    const locked = page.getByRole('dialog', { name: far.title });
    await expect(locked.getByText('Walk closer to unlock this story')).toBeVisible();
    await expect(page.getByText('Under the third reed lies the ferryman’s coin.')).toHaveCount(0);
    // Nothing the server withheld is anywhere on the device.
    const kept = await page.evaluate(async () => {
      const cache = await caches.open('whispers-answers-v1');
      const texts = await Promise.all((await cache.keys()).map(async (r) => (await cache.match(r))!.text()));
      return texts.join('\n');
    });
    expect(kept).toContain(near.title);
    expect(kept).not.toContain('ferryman’s coin');
  } finally {
    await context.setOffline(false);
  }
});

/** The draft kept on the device (IndexedDB `whispers-drafts`), as the page reads it, or null. */
function keptDraft(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ userId: string; title: string; type: string; imageBytes: number; imageType: string | null } | null>(
        (resolve, reject) => {
          const open = indexedDB.open('whispers-drafts');
          // Looking must not create the database.
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onerror = () => (open.error?.name === 'AbortError' ? resolve(null) : reject(open.error));
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('drafts')) {
              db.close();
              return resolve(null);
            }
            const get = db.transaction('drafts').objectStore('drafts').get('pending');
            get.onsuccess = () => {
              db.close();
              const kept = get.result as
                { userId: string; value: { draft: { title: string; type: string; image: File | null } } } | undefined;
              if (!kept) return resolve(null);
              const { title, type, image } = kept.value.draft;
              resolve({
                userId: kept.userId,
                title,
                type,
                imageBytes: image?.size ?? 0,
                imageType: image?.type ?? null,
              });
            };
          };
        },
      ),
  );
}

test('publishing offline keeps the story as a draft on the device; back online the app offers to publish it', async ({
  page,
  context,
}) => {
  const title = `Ferry Bell ${run}`;
  const picture = imagePng();
  await signUpAndSignIn(page);
  const me = await (await page.request.get('/api/user/current')).json();
  await page.goto('/');
  await controlled(page);
  // The server has the author's position (the nearby read) before they create anything.
  await expect(
    page.getByRole('region', { name: 'Nearby Whispers' }).getByRole('button', { name: new RegExp(`^${near.title}`) }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create Story', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Story' });
  await dialog.getByRole('tab', { name: /Image Story/ }).click();
  await dialog.getByLabel('Story Title').fill(title);
  await dialog.getByLabel('Category').selectOption('Mystery');
  await dialog.getByLabel('Story Image').setInputFiles(picture);
  await dialog.getByRole('button', { name: 'Preview Story' }).click();
  const preview = page.getByRole('dialog', { name: 'Story Preview' });
  await expect(preview.getByText('image/png', { exact: true })).toBeVisible();

  await context.setOffline(true);
  try {
    await preview.getByRole('button', { name: 'Publish Story' }).click();
    await expect(
      preview.getByRole('status').filter({ hasText: 'Saved as a draft — publish it when you are back online' }),
    ).toBeVisible();
    await page.screenshot({ path: '/tmp/i24-draft-saved-390.png' });
    // Kept on the device with its picture, for this user.
    expect(await keptDraft(page)).toEqual({
      userId: me.id,
      title,
      type: 'image',
      imageBytes: picture.buffer.length,
      imageType: 'image/png',
    });
    await preview.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(preview).toBeHidden();
    // Offline there is nothing to offer yet.
    await expect(page.getByRole('region', { name: 'Draft waiting' })).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
  // Nothing reached the server while offline.
  const before = await (await page.request.get(`/api/stories/user/${me.id}`)).json();
  expect(before.some((story: { title: string }) => story.title === title)).toBe(false);

  // Back online the app offers it (never publishes it by itself), and the offer survives a reload.
  const waiting = page.getByRole('region', { name: 'Draft waiting' });
  await expect(waiting).toContainText(`A draft is waiting: “${title}”, saved at`);
  await page.reload();
  await expect(waiting).toBeVisible();
  await page.screenshot({ path: '/tmp/i24-draft-waiting-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/i24-draft-waiting-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await waiting.getByRole('button', { name: 'Publish it now' }).click();
  // The same dialog and rules, from a fresh position: the preview of the kept story, its picture included.
  const again = page.getByRole('dialog', { name: 'Story Preview' });
  await expect(again.getByText(title)).toBeVisible();
  await expect(again.getByText('image/png', { exact: true })).toBeVisible();
  await again.getByRole('button', { name: 'Publish Story' }).click();
  await expect(page.locator('ol > li[data-state="open"]').getByText('Story created!', { exact: true })).toBeVisible();
  await expect(again).toBeHidden({ timeout: 5_000 });
  await expect(waiting).toHaveCount(0);
  expect(await keptDraft(page)).toBeNull();
  const mine = (await (await page.request.get(`/api/stories/user/${me.id}`)).json()) as {
    title: string;
    type: string;
    imageUrl?: string | null;
  }[];
  const published = mine.find((story) => story.title === title);
  expect(published?.type).toBe('image');
  expect(published?.imageUrl).toBeTruthy();
});

test('signing out deletes the kept answers, media and drafts on the device', async ({ page }) => {
  await signUpAndSignIn(page);
  await page.goto('/');
  await controlled(page);
  await expect(
    page.getByRole('region', { name: 'Nearby Whispers' }).getByRole('button', { name: new RegExp(`^${near.title}`) }),
  ).toBeVisible();
  await expect.poll(() => page.evaluate(() => caches.has('whispers-answers-v1'))).toBe(true);
  // A draft kept on the device (as the create dialog keeps one offline).
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('whispers-drafts', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onsuccess = () => {
          const tx = open.result.transaction('drafts', 'readwrite');
          tx.objectStore('drafts').put(
            {
              userId: 'someone',
              savedAt: Date.now(),
              value: { draft: { title: 'Kept' }, pin: { latitude: 0, longitude: 0 } },
            },
            'pending',
          );
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  const draftDatabases = () =>
    page.evaluate(async () => (await indexedDB.databases()).filter((db) => db.name === 'whispers-drafts').length);
  expect(await draftDatabases()).toBe(1);
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect.poll(() => page.evaluate(() => caches.has('whispers-answers-v1'))).toBe(false);
  await expect.poll(draftDatabases).toBe(0);
});

test('a new version waiting shows "A new version of Whispers is ready" with "Reload"', async ({ page }) => {
  const swFile = path.join(process.cwd(), 'dist/client/sw.js');
  const original = fs.readFileSync(swFile, 'utf8');
  await page.goto('/');
  await controlled(page);
  try {
    // A new build: the worker script changes, the browser installs the new worker and it waits.
    fs.writeFileSync(swFile, `${original}\n// e2e: a newer build ${run}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of Whispers is ready' });
    await expect(prompt).toBeVisible();
    await page.screenshot({ path: '/tmp/i24-update-390.png' });
    const reloaded = page.waitForEvent('framenavigated');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Nearby Whispers' })).toBeVisible();
    await expect(page.getByText('A new version of Whispers is ready')).toHaveCount(0);
  } finally {
    fs.writeFileSync(swFile, original);
  }
});
