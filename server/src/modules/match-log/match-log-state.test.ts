import { describe, expect, it } from 'vitest';
import type { LogEvent } from './match-log-parser.ts';
import { MatchLogStates } from './match-log-state.ts';

const shutdown = (time: number): LogEvent => ({ type: 'shutdown', time });

describe('MatchLogStates', () => {
  it('answers a match’s parsed events only for the stored batch they end with', () => {
    const states = new MatchLogStates();
    expect(states.eventsUpTo(1, 0)).toBeNull();
    states.remember(1, 10, [shutdown(1)]);
    expect(states.eventsUpTo(1, 10)).toEqual([shutdown(1)]);
    // Another writer stored batch 11: the state no longer covers the stored log and is rebuilt.
    expect(states.eventsUpTo(1, 11)).toBeNull();
    expect(states.eventsUpTo(2, 10)).toBeNull();
  });

  it('keeps the most recently stored matches only', () => {
    const states = new MatchLogStates();
    for (let match = 1; match <= 201; match++) states.remember(match, match, [shutdown(match)]);
    expect(states.eventsUpTo(1, 1)).toBeNull();
    expect(states.eventsUpTo(2, 2)).toEqual([shutdown(2)]);
    expect(states.eventsUpTo(201, 201)).toEqual([shutdown(201)]);
  });
});
