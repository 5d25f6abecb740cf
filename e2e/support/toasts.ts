import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The toast showing `text` (react-toastify's element). */
export function toastWith(page: Page, text: string): Locator {
  return page.locator('.Toastify__toast', { hasText: text });
}

/** Where a toast is and how it looks: measured in the page, so the numbers read as the user sees them. */
interface ToastPlace {
  left: number;
  right: number;
  top: number;
  bottom: number;
  height: number;
  viewportWidth: number;
  viewportHeight: number;
  containerPosition: string;
}

/** The few DOM members the measurement needs (the e2e project has no DOM types). */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  height: number;
}
interface ElementLike {
  getBoundingClientRect(): Box;
  closest(selector: string): unknown;
}
interface WindowLike {
  innerHeight: number;
  document: { documentElement: { clientWidth: number } };
  getComputedStyle(element: unknown): { position: string };
}

function placeOf(toast: Locator): Promise<ToastPlace> {
  // Runs in the page.
  return toast.evaluate((element: ElementLike) => {
    const win = globalThis as unknown as WindowLike;
    const box = element.getBoundingClientRect();
    const container = element.closest('.Toastify__toast-container');
    return {
      left: box.left,
      right: box.right,
      top: box.top,
      bottom: box.bottom,
      height: box.height,
      viewportWidth: win.document.documentElement.clientWidth,
      viewportHeight: win.innerHeight,
      containerPosition: container ? win.getComputedStyle(container).position : 'none',
    };
  });
}

/**
 * A toast as the spec places it: fixed in the top-right corner of the viewport (flush right within 40 px,
 * in the right half on a wide screen, in the top half), less than 200 px high. Polled while its entry
 * animation slides it in.
 */
export async function expectToastTopRight(toast: Locator): Promise<void> {
  await toast.waitFor();
  await expect
    .poll(async () => {
      const p = await placeOf(toast);
      const problems: string[] = [];
      if (p.containerPosition !== 'fixed') problems.push(`container is ${p.containerPosition}, not fixed`);
      if (p.left < 0 || p.right > p.viewportWidth)
        problems.push(`outside the viewport (${p.left}-${p.right})`);
      if (p.viewportWidth - p.right > 40)
        problems.push(`${p.viewportWidth - p.right} px from the right edge`);
      if (p.viewportWidth > 600 && p.left < p.viewportWidth / 2) problems.push(`starts at x=${p.left}`);
      if (p.top < 0 || p.bottom > p.viewportHeight / 2)
        problems.push(`not at the top (${p.top}-${p.bottom})`);
      if (p.height >= 200) problems.push(`${p.height} px high`);
      return problems;
    })
    .toEqual([]);
}

/** The page's own height: a toast must not add to it (it floats over the page). */
export function pageHeight(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollHeight');
}
