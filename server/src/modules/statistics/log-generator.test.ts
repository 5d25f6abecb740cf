import { describe, expect, it } from 'vitest';
import { generateMatchLog, type GeneratedPlayer } from './log-generator.ts';
import { summarizeLog } from './log-stats.ts';

const side = (prefix: string): GeneratedPlayer[] =>
  [1, 2, 3, 4, 5].map((n) => ({
    guid: `${prefix}${String(n).padStart(31, '0')}`,
    name: `${prefix}-player${n}`,
  }));

describe('generateMatchLog', () => {
  const input = {
    seed: 42,
    challenger: side('a'),
    opponent: side('b'),
    maps: [{ nameCmd: 'mp_crash', challengerRounds: 13, opponentRounds: 9 }, { nameCmd: 'mp_strike' }],
  };

  it('is deterministic for a seed', () => {
    expect(generateMatchLog(input).lines).toEqual(generateMatchLog(input).lines);
    expect(generateMatchLog({ ...input, seed: 43 }).lines).not.toEqual(generateMatchLog(input).lines);
  });

  it('parses back to the forced result and to plausible per-round figures', () => {
    const { lines, results } = generateMatchLog(input);
    const maps = summarizeLog(lines);
    expect(maps.map((m) => m.mapName)).toEqual(['mp_crash', 'mp_strike']);
    expect(results[0]).toEqual({ nameCmd: 'mp_crash', challengerRounds: 13, opponentRounds: 9 });
    const crash = maps[0];
    expect(crash?.rounds).toHaveLength(22);
    // Challenger players are allies in the first half, axis after it.
    const challengerWins = crash?.rounds.filter((r) =>
      r.round < 13 ? r.winner === 'allies' : r.winner === 'axis',
    );
    expect(challengerWins).toHaveLength(13);
    const strike = results[1];
    expect(Math.max(strike?.challengerRounds ?? 0, strike?.opponentRounds ?? 0)).toBe(13);

    const players = maps.flatMap((m) => m.players);
    expect(players).toHaveLength(20);
    const rounds = players.reduce((s, p) => s + p.roundsPlayed, 0);
    const kills = players.reduce((s, p) => s + p.kills, 0);
    const survived = players.reduce((s, p) => s + p.roundsSurvived, 0);
    expect(kills / rounds).toBeGreaterThan(0.55);
    expect(kills / rounds).toBeLessThan(0.85);
    expect(survived / rounds).toBeGreaterThan(0.2);
    expect(survived / rounds).toBeLessThan(0.45);
    const ratings = players.map((p) => p.fpsRating ?? 0);
    const average = ratings.reduce((s, r) => s + r, 0) / ratings.length;
    expect(average).toBeGreaterThan(2.1);
    expect(average).toBeLessThan(2.9);
    expect(players.every((p) => p.damage > 0)).toBe(true);
  });
});
