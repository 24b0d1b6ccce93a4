/** Helpers of the phone layout spec (tests/e2e/phone-layout.spec.ts): widths, boxes, the create dialog, colours, AR. */
import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Author } from './stories';

/** Elements whose box leaves the screen sideways without a scrolling or clipping parent to hold them. */
async function sticking(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right <= width + 0.5 && r.left >= -0.5) continue;
      if (clipped(el)) continue;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || (s.position === 'absolute' && el.classList.contains('sr-only'))) continue;
      out.push(
        `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${Math.round(r.left)}..${Math.round(r.right)}] ${(el.textContent ?? '').slice(0, 30)}`,
      );
    }
    return out;
  });
}

export async function expectFitsWidth(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect.soft(scrollWidth, `${what}: page wider than the screen`).toBeLessThanOrEqual(innerWidth);
  expect.soft(await sticking(page), `${what}: elements sticking out`).toEqual([]);
}

export type Box = { x: number; y: number; width: number; height: number };
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
export const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

/** The create dialog's scroll area, its sticky footer and the footer's buttons. */
export function createParts(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  return {
    dialog,
    footer: dialog.locator('[data-dialog-footer]'),
    buttons: dialog.locator('[data-dialog-footer] button'),
  };
}

/** Alpha of an element's computed background colour (1 = opaque). */
export const backgroundAlpha = (locator: Locator) =>
  locator.evaluate((el) => {
    const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(el).backgroundColor);
    const parts = match ? match[1]!.split(/[ ,/]+/).filter(Boolean) : [];
    return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
  });

/** A noisy PNG of about 2 MB, so an upload takes a few seconds on a throttled link. */
export function bigPng(): { name: string; mimeType: string; buffer: Buffer } {
  const buffer = execFileSync(
    process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'nullsrc=s=900x900,geq=random(1)*255:random(2)*255:random(3)*255',
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      '-',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return { name: 'noise.png', mimeType: 'image/png', buffer };
}

/** WCAG contrast of two CSS colours. */
export function contrast(a: number[], b: number[]) {
  const lum = ([r, g, bl]: number[]) => {
    const c = [r!, g!, bl!].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Turns the phone to `heading` degrees (see ar.spec.ts). */
export async function face(page: Page, heading: number) {
  await expect
    .poll(
      async () => {
        await page.evaluate((h) => {
          window.dispatchEvent(
            new DeviceOrientationEvent('deviceorientationabsolute', {
              alpha: (360 - h) % 360,
              beta: 90,
              gamma: 0,
              absolute: true,
            }),
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

/** The AR test's crowd: stories straight ahead of its place, at nearly the same bearing and distance. */
export const AR_CROWD = [
  { bearing: -4, metres: 220, title: 'Crowd North A' },
  { bearing: 0, metres: 230, title: 'Crowd North B' },
  { bearing: 3, metres: 240, title: 'Crowd North C' },
  { bearing: -2, metres: 260, title: 'Crowd North D' },
  { bearing: 5, metres: 270, title: 'Crowd North E' },
  { bearing: 1, metres: 1180, title: 'Crowd Far F' },
];

/** Signs the page in as `author` (their API session's cookies). */
export async function signInAs(page: Page, author: Author) {
  await page.context().addCookies((await author.request.storageState()).cookies);
}
