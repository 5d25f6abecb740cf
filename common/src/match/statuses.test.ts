import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isStatusId,
  MATCH_STATUSES,
  MATCH_TRANSITIONS,
  STATUS,
  STATUS_IDS,
  statusName,
} from './statuses.ts';
import type { StatusId } from './statuses.ts';

describe('statuses', () => {
  it('has the spec ids 1..11, each once', () => {
    expect([...STATUS_IDS].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(isStatusId(12)).toBe(false);
  });

  it.each([
    [1, 'Challenge'],
    [2, 'Map veto'],
    [3, 'Scheduled'],
    [4, 'In progress'],
    [5, 'Finished'],
    [6, 'Disputed'],
    [7, 'Cancelled'],
    [8, 'Score entered, waiting for approval'],
    [9, 'Ready up'],
    [10, 'Player select'],
    [11, 'Location select'],
  ] as const)('status %i is named %s', (id, name) => {
    expect(statusName(id)).toBe(name);
  });

  it('has a transition row for every status', () => {
    for (const s of MATCH_STATUSES) expect(MATCH_TRANSITIONS[s.id]).toBeDefined();
  });
});

describe('transition table', () => {
  const legal: [StatusId, StatusId][] = [
    [1, 3],
    [1, 5],
    [1, 7],
    [3, 2],
    [3, 9],
    [3, 11],
    [3, 5],
    [3, 7],
    [9, 2],
    [9, 11],
    [9, 5],
    [9, 7],
    [10, 11],
    [10, 5],
    [10, 7],
    [11, 2],
    [11, 5],
    [11, 7],
    [2, 4],
    [2, 5],
    [2, 7],
    [4, 8],
    [4, 6],
    [4, 5],
    [4, 7],
    [8, 5],
    [8, 4],
    [8, 6],
    [8, 7],
    [6, 5],
    [6, 7],
    [5, 6],
  ];

  it.each(legal)('%i → %i is legal', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it('allows nothing else', () => {
    const allowed = new Set(legal.map(([f, t]) => `${String(f)}>${String(t)}`));
    for (const from of STATUS_IDS) {
      for (const to of STATUS_IDS) {
        expect(canTransition(from, to), `${String(from)} → ${String(to)}`).toBe(
          allowed.has(`${String(from)}>${String(to)}`),
        );
      }
    }
  });

  it('cancelled is a dead end and every other status but finished can be cancelled', () => {
    expect(MATCH_TRANSITIONS[STATUS.cancelled]).toEqual([]);
    for (const from of STATUS_IDS) {
      if (from === STATUS.cancelled || from === STATUS.finished) continue;
      expect(canTransition(from, STATUS.cancelled)).toBe(true);
    }
  });

  it('every status before a result can be finished (an admin awards a result or a walkover)', () => {
    const resulted: StatusId[] = [STATUS.finished, STATUS.cancelled, STATUS.disputed];
    for (const from of STATUS_IDS) {
      if (resulted.includes(from)) continue;
      expect(canTransition(from, STATUS.finished), `${String(from)} → 5`).toBe(true);
    }
  });
});
