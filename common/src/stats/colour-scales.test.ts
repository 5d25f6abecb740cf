import { describe, expect, it } from 'vitest';
import { fpsRatingColour, kdRatioColour, resultColour } from './colour-scales.ts';

describe('fpsRatingColour', () => {
  it.each([
    [3.51, 'blue'],
    [3.5, 'green'],
    [3.01, 'green'],
    [3, 'yellow'],
    [2.01, 'yellow'],
    [2, 'orange'],
    [1.01, 'orange'],
    [1, 'red'],
    [0, 'red'],
    [null, null],
  ] as const)('%s -> %s', (value, colour) => {
    expect(fpsRatingColour(value)).toBe(colour);
  });
});

describe('kdRatioColour', () => {
  it.each([
    [1.61, 'blue'],
    [1.6, 'green'],
    [1.11, 'green'],
    [1.1, 'yellow'],
    [0.91, 'yellow'],
    [0.9, 'orange'],
    [0.76, 'orange'],
    [0.75, 'red'],
    [null, null],
  ] as const)('%s -> %s', (value, colour) => {
    expect(kdRatioColour(value)).toBe(colour);
  });
});

describe('resultColour', () => {
  it('colours winner, loser and tie', () => {
    expect(resultColour(2, 1)).toBe('green');
    expect(resultColour(0, 1)).toBe('red');
    expect(resultColour(1, 1)).toBe('orange');
    expect(resultColour(null, 1)).toBeNull();
  });
});
