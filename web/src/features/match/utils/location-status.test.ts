import { describe, expect, it } from 'vitest';
import { locationCountdownText, pingColour, pingText } from './location-status';

describe('locationCountdownText', () => {
  it.each([
    [-1, 'Waiting for the auto location voter to start ...'],
    [0, 'Auto location voting in progress ...'],
    [1, '1 seconds remaining ...'],
    [27, '27 seconds remaining ...'],
  ])('%i -> %s', (seconds, text) => {
    expect(locationCountdownText(seconds)).toBe(text);
  });
});

describe('pingColour', () => {
  it.each([
    [0, 'green'],
    [40, 'green'],
    [40.4, 'yellow'],
    [70, 'yellow'],
    [71, 'orange'],
    [120, 'orange'],
    [121, 'red'],
    [900, 'red'],
  ] as const)('%s ms -> %s', (ms, colour) => {
    expect(pingColour(ms)).toBe(colour);
  });
});

describe('pingText', () => {
  it('says measuring until a measurement answered (a failed ping is null), then the milliseconds', () => {
    expect(pingText(undefined)).toBe('Measuring ping...');
    expect(pingText(null)).toBe('Measuring ping...');
    expect(pingText(33.6)).toBe('34 ms');
  });
});
