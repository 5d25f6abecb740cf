import { describe, expect, it } from 'vitest';
import { locationName } from './location-name.ts';

describe('locationName', () => {
  it.each([
    ['Demo Frankfurt', 'http://127.0.0.1:3400', 'Demo Frankfurt'],
    ['  Frankfurt #1 ', 'https://fra1.example.com', 'Frankfurt #1'],
    [null, 'https://fra1.example.com:8443/ping-base/', 'fra1.example.com'],
    ['', 'http://127.0.0.1:3400', '127.0.0.1'],
    [null, 'not a url', 'not a url'],
  ])('%j with %s reads %s', (name, url, expected) => {
    expect(locationName(name, url)).toBe(expected);
  });
});
