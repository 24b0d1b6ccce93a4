/** "Fits the phone": no page or open dialog wider than the viewport, with what sticks out named on failure. */
import { expect, type Page } from '@playwright/test';

export async function expectNothingWider(page: Page) {
  const report = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const containers = [
      document.documentElement,
      document.body,
      ...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]'),
    ];
    const wider = containers
      .filter(
        (element) => element.scrollWidth > element.clientWidth + 1 || element.getBoundingClientRect().right > width + 1,
      )
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}[${element.getAttribute('role') ?? ''}] ${element.scrollWidth}/${element.clientWidth}`,
      );
    // What sticks out, to say in the failure message.
    const sticking = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !element.closest('.leaflet-container');
      })
      .slice(0, 6)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '').slice(0, 60)} (${Math.round(element.getBoundingClientRect().right)})`,
      );
    return { wider, sticking, width };
  });
  expect(report.wider, `wider than ${report.width} px: ${report.sticking.join(' | ')}`).toEqual([]);
}
