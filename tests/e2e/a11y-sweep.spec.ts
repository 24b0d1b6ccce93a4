/**
 * WCAG 2.2 AA on every screen (docs/accessibility.md): axe-core's WCAG 2.0-2.2 A/AA rules and its best practices
 * find nothing — serious or not — on each page and open dialog, in English, Spanish and Arabic (right to left), at
 * 390×844 and 1280×800, light and dark; and a reader who asks for less motion gets a map that jumps instead of
 * flying.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { INTERFACE_LOCALES, textDirection, type InterfaceLocale } from '#common/locales';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { registerViaApi } from './support/accounts';
import { readerHeaders } from './support/reader-address';
import { createStoryViaApi, newAuthor, northOf, SAVANNAH, type Author } from './support/stories';

// Parallel: the sweeps (a language and a colour scheme each) share nothing but the stories each worker's beforeAll
// seeds.
test.describe.configure({ mode: 'parallel' });

/** Far from the other specs' stories (their markers would not change what is checked, only slow the map). */
const PLACE = northOf(SAVANNAH, 9_000);
const MESSAGES_DIR = path.resolve(import.meta.dirname, '../../client/src/lib/i18n/messages');
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

/** The interface's languages, each as a browser asks for it (docs/decisions/062-interface-languages.md). */
const BROWSER_LOCALES: Record<InterfaceLocale, string> = { en: 'en-US', es: 'es-ES', ar: 'ar-EG' };
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A message as the screens say it in a language: read from the interface's catalogue. */
type Say = (id: MessageId) => string;
function catalogueOf(locale: InterfaceLocale): Say {
  const namespaces = new Map<string, Record<string, string>>();
  return (id) => {
    const namespace = id.slice(0, id.indexOf('.'));
    if (!namespaces.has(namespace)) {
      const file = path.join(MESSAGES_DIR, `${namespace}.${locale}.json`);
      namespaces.set(namespace, JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>);
    }
    const message = namespaces.get(namespace)![id];
    if (!message) throw new Error(`${id} is not in the ${locale} catalogue`);
    return message;
  };
}

interface Look {
  name: string;
  open: (page: Page, say: Say) => Promise<void>;
}

/** `url` may be a function: the seeded ids exist only once beforeAll has run. */
const visit =
  (url: string | (() => string), ready: (page: Page, say: Say) => Locator) => async (page: Page, say: Say) => {
    await page.goto(typeof url === 'string' ? url : url());
    await expect(ready(page, say)).toBeVisible();
  };

const SIGNED_OUT: Look[] = [
  { name: 'home (map)', open: visit('/', (p) => p.locator('.leaflet-marker-icon').first()) },
  { name: 'discover', open: visit('/discover', (p) => p.getByRole('heading', { level: 1 })) },
  { name: 'discover (list)', open: visit('/discover?view=list', (p) => p.getByText('Quiet corner 1').first()) },
  {
    name: 'sign in',
    // Its words are in the catalogue's second part: seeing them in the language means the whole catalogue is in.
    open: visit('/auth', (p, say) => p.getByRole('button', { name: say('auth.signIn'), exact: true }).last()),
  },
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

const homeSignedIn = visit('/', (p, say) => p.getByRole('button', { name: say('home.create'), exact: true }));
const SIGNED_IN: Look[] = [
  { name: 'home, signed in', open: homeSignedIn },
  { name: 'my stories', open: visit('/my-stories', (p) => p.getByRole('heading', { level: 1 })) },
  {
    name: 'create a story',
    open: async (page, say) => {
      await homeSignedIn(page, say);
      await page.getByRole('button', { name: say('app.createStory'), exact: true }).click();
      await expect(page.getByRole('dialog', { name: say('create.createTitle') })).toBeVisible();
    },
  },
];

// One context per language and colour scheme (its pages at both sizes): a context costs more than a resize.
for (const locale of INTERFACE_LOCALES) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on any screen in ${locale}, ${colorScheme}, at 390×844 and 1280×800`, async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const say = catalogueOf(locale);
      const context = await browser.newContext({
        locale: BROWSER_LOCALES[locale],
        viewport: VIEWPORTS[0],
        colorScheme,
        geolocation: PLACE,
        permissions: ['geolocation'],
        extraHTTPHeaders: readerHeaders(),
        baseURL: process.env.E2E_BASE_URL,
      });
      const found: string[] = [];
      const page = await context.newPage();
      const check = async (looks: Look[]) => {
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          for (const look of looks) {
            await look.open(page, say);
            await expect(page.locator('html')).toHaveAttribute('lang', locale);
            await expect(page.locator('html')).toHaveAttribute('dir', textDirection(locale));
            for (const line of await violations(page)) found.push(`${viewport.width}px, ${look.name}: ${line}`);
          }
        }
      };
      await check(SIGNED_OUT);
      await registerViaApi(page.request);
      await check(SIGNED_IN);
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
