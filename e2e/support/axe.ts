import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core's own build, evaluated in the page through the DevTools protocol (so the page's
// Content-Security-Policy, which allows no foreign script, is left as it is).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2, levels A and AA (axe's `wcag2a` and `wcag2aa` tags). */
const WCAG_A_AA = ['wcag2a', 'wcag2aa'];

/** One failed rule: its id and the first few elements that fail it, with axe's reason. */
export interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string; why: string }[];
}

/** Runs axe-core on the page as it is now (open dialogs included) and returns the WCAG A/AA violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate<boolean>('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate<AxeViolation[]>(`axe
    .run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_A_AA)} }, resultTypes: ['violations'] })
    .then((result) => result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.join(' '), why: n.failureSummary })),
    })))`);
}
