/** Layout and accessibility checks of the phone e2e spec (tests/e2e/phone.spec.ts): axe, boxes, toasts, overflow. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export type Box = { x: number; y: number; width: number; height: number };
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `a box for ${locator.toString()}`).not.toBeNull();
  return box!;
}

/** The open toast (Radix renders each as a list item in the "Notifications" region). */
// By CSS: an open dialog hides the toast region from the accessibility tree (aria-hidden).
export const openToast = (page: Page) => page.locator('li[data-swipe-direction][data-state="open"]');

export async function expectClear(toast: Locator, controls: Locator[]) {
  const toastBox = await boxOf(toast);
  for (const control of controls) {
    const box = await boxOf(control);
    expect(
      overlaps(toastBox, box),
      `toast ${JSON.stringify(toastBox)} on ${control.toString()} ${JSON.stringify(box)}`,
    ).toBe(false);
  }
}

/** No sideways scrolling: the page is no wider than the screen. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth, wide } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What sticks out, to say in the failure message.
    const sticking = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 80)} (${Math.round(el.getBoundingClientRect().right)})`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, wide: sticking };
  });
  expect(scrollWidth, `wider than the screen: ${wide.join(' | ')}`).toBeLessThanOrEqual(clientWidth);
}
