import type { Page } from 'playwright-core';

/**
 * Records every Content-Security-Policy violation of `page` from before its first script: the document's
 * `securitypolicyviolation` events (read with `cspViolations`) and Chromium's console errors about a refused
 * script, style or connection (kept in the returned list).
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  // A string, as the page runs it (the e2e project has no DOM types).
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', function (event) {
      (window.__csp = window.__csp || []).push(
        event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' (' + event.sourceFile + ':' + event.lineNumber + ')');
    });`,
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to|violates the following/i.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/** Every violation reported so far: the page's events (this document) and the console lines. */
export async function cspViolations(page: Page, console: string[]): Promise<string[]> {
  const reported = await page.evaluate<string[]>('window.__csp || []');
  return [...reported, ...console];
}
