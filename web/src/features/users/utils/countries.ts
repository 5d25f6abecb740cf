// The country codes the server accepts, with names from the browser's Intl data.
import { COUNTRY_CODES } from '@versus/common/countries';

function displayName(names: Intl.DisplayNames | null, code: string): string {
  try {
    return names?.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** Every selectable country, sorted by name. */
export function countryOptions(locale = 'en'): { code: string; name: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  return COUNTRY_CODES.map((code) => ({ code, name: displayName(names, code) })).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}
