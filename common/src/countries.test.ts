import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from './countries.ts';

describe('country codes', () => {
  it('knows the ISO codes in any case and nothing else', () => {
    expect(isCountryCode('de')).toBe(true);
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('zz')).toBe(false);
    expect(isCountryCode('deu')).toBe(false);
  });

  it('lists each code once, lower case, two letters', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.every((code) => /^[a-z]{2}$/.test(code))).toBe(true);
  });
});
