/**
 * WCAG 2.2 AA on every screen (docs/accessibility.md): axe-core's WCAG 2.0-2.2 A/AA rules and its best practices
 * find nothing — serious or not — on each page and open dialog, at 390×844 and 1280×800, light and dark; and a
 * reader who asks for less motion gets a map that jumps instead of flying.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerViaApi } from './support/accounts';
import { createStoryViaApi, newAuthor, northOf, SAVANNAH, type Author } from './support/stories';

// Parallel: the four looks share nothing but the stories each worker's beforeAll seeds.
test.describe.configure({ mode: 'parallel' });

/** Far from the other specs' stories (their markers would not change what is checked, only slow the map). */
const PLACE = northOf(SAVANNAH, 9_000);
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let author: Author;
let storyId: string;
let tourId: string;

test.beforeAll(async () => {
  author = await newAuthor('a11y');
  const ids: string[] = [];
  for (const [i, metres] of [0, 120, 240].entries()) {
    const story = await createStoryViaApi(author, {
      ...northOf(PLACE, metres),
      title: `Quiet corner ${i + 1}`,
      content: `The bell rang ${i + 1} times before the square fell silent.`,
    });
    ids.push(story.id);
  }
  storyId = ids[0]!;
  const tour = await author.request.post('/api/tours', { data: { title: 'Quiet corners', storyIds: ids } });
  expect(tour.status(), await tour.text()).toBe(201);
  tourId = ((await tour.json()) as { id: string }).id;
});
test.afterAll(async () => author?.request.dispose());

/** Every violation axe finds on the page as it stands, one line each. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface Look {
  name: string;
  open: (page: Page) => Promise<void>;
}

/** `url` may be a function: the seeded ids exist only once beforeAll has run. */
const visit =
  (url: string | (() => string), ready: (page: Page) => ReturnType<Page['locator']>) => async (page: Page) => {
    await page.goto(typeof url === 'string' ? url : url());
    await expect(ready(page)).toBeVisible();
  };

const SIGNED_OUT: Look[] = [
  { name: 'home (map)', open: visit('/', (p) => p.locator('.leaflet-marker-icon').first()) },
  { name: 'discover', open: visit('/discover', (p) => p.getByRole('heading', { level: 1 })) },
  { name: 'discover (list)', open: visit('/discover?view=list', (p) => p.getByText('Quiet corner 1').first()) },
  { name: 'sign in', open: visit('/auth', (p) => p.getByRole('button', { name: 'Sign In', exact: true }).last()) },
  {
    name: 'a story',
    open: visit(
      () => `/stories/${storyId}`,
      (p) => p.getByRole('dialog', { name: 'Quiet corner 1' }),
    ),
  },
  {
    name: 'a tour',
    open: visit(
      () => `/tours/${tourId}`,
      (p) => p.getByRole('heading', { name: 'Quiet corners' }),
    ),
  },
  {
    name: 'an author',
    open: visit(
      () => `/authors/${author.account.id}`,
      (p) => p.getByRole('link', { name: /Quiet corners/ }),
    ),
  },
  { name: 'not found', open: visit('/no-such-place', (p) => p.getByRole('heading', { level: 1 })) },
];

const SIGNED_IN: Look[] = [
  { name: 'home, signed in', open: visit('/', (p) => p.getByRole('button', { name: 'Create', exact: true })) },
  { name: 'my stories', open: visit('/my-stories', (p) => p.getByRole('heading', { level: 1 })) },
  {
    name: 'create a story',
    open: async (page) => {
      await visit('/', (p) => p.getByRole('button', { name: 'Create', exact: true }))(page);
      await page.getByRole('button', { name: 'Create Story', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Create Story' })).toBeVisible();
    },
  },
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on any screen at ${viewport.width}×${viewport.height}, ${colorScheme}`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({
        viewport,
        colorScheme,
        geolocation: PLACE,
        permissions: ['geolocation'],
        baseURL: process.env.E2E_BASE_URL,
      });
      const found: string[] = [];
      const check = async (page: Page, looks: Look[]) => {
        for (const look of looks) {
          await look.open(page);
          for (const line of await violations(page)) found.push(`${look.name}: ${line}`);
        }
      };
      const page = await context.newPage();
      await check(page, SIGNED_OUT);
      await registerViaApi(page.request);
      await check(page, SIGNED_IN);
      await context.close();
      expect(found).toEqual([]);
    });
  }
}

test('with less motion asked for, the map animates neither its zoom nor its markers', async ({ browser }) => {
  const look = async (reducedMotion: 'reduce' | 'no-preference') => {
    const context = await browser.newContext({
      reducedMotion,
      geolocation: PLACE,
      permissions: ['geolocation'],
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
    // Leaflet marks what glides on a zoom (its zoom proxy, the markers); a tile level carries the class always.
    const animated = await page.locator('.leaflet-zoom-animated:not(.leaflet-tile-container)').count();
    await context.close();
    return animated;
  };
  expect(await look('no-preference')).toBeGreaterThan(0);
  expect(await look('reduce')).toBe(0);
});
