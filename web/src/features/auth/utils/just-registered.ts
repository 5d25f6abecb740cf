// A new account is greeted with "Welcome" on the home page, a returning player with "Welcome back". The
// register call marks this tab; the home page reads the mark and then forgets it. Session storage: the mark
// never outlives the tab, and a blocked storage only costs the greeting's first word.
const KEY = 'justRegistered';

/** Marks this tab as having just created its account. */
export function markJustRegistered(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage blocked: "Welcome back", nothing worse.
  }
}

/** Whether this tab just created its account. */
export function isJustRegistered(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Forgets the mark (once the greeting was shown). */
export function forgetJustRegistered(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
