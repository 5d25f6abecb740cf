import type { Locator, Page } from 'playwright-core';

/** The two sizes every screen is looked at: a laptop and a phone. */
const SIZES = [
  [1440, 900],
  [390, 844],
] as const;

/**
 * When `E2E_SCREENSHOTS` names a folder (to look at a screen by hand): `<name>-<width>.png` at 1440x900 and
 * 390x844, of the page (scrolled to `scrollTo`, or whole with `fullPage`) or of `element` alone. The viewport
 * is put back afterwards.
 */
export async function screenshotsAtBothSizes(
  page: Page,
  name: string,
  options: { scrollTo?: Locator; element?: Locator; fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const before = page.viewportSize();
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    const path = `${dir}/${name}-${String(width)}.png`;
    if (options.element) {
      await options.element.screenshot({ path });
      continue;
    }
    await options.scrollTo?.scrollIntoViewIfNeeded();
    await page.screenshot({ path, fullPage: options.fullPage ?? false });
  }
  if (before) await page.setViewportSize(before);
}
