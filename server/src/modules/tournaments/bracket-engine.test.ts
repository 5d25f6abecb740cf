import { describe, expect, it } from 'vitest';
import type { StoredBracket } from '../../db/schema/index.ts';
import { TournamentBracket } from './bracket-engine.ts';
import type { BracketSettings, Format } from './bracket-engine.ts';

const base: BracketSettings = {
  format: 'single_elimination',
  thirdPlaceMatch: false,
  grandFinalReset: true,
  groupCount: 1,
  swissRounds: null,
  groupStage: 'round_robin',
  playoffTeams: 4,
};
const teams = (n: number) => Array.from({ length: n }, (_, i) => 101 + i);

/** Plays every open slot: the better seed (lower id) wins, except where `out` says both sides are out. */
async function playOut(bracket: TournamentBracket, out: (ref: string, n: number) => boolean = () => false) {
  let played = 0;
  for (let guard = 0; guard < 500 && !bracket.finished; guard++) {
    const open = bracket.openSlots();
    if (open.length === 0) break;
    for (const slot of open) {
      played += 1;
      const bothOut = out(slot.ref, played);
      const winnerSide = bothOut ? null : slot.challengerTeamId < slot.opponentTeamId ? 1 : 2;
      await bracket.record(slot.ref, {
        winnerSide,
        challengerScore: winnerSide === 1 ? 1 : 0,
        opponentScore: winnerSide === 2 ? 1 : 0,
      });
    }
  }
  return played;
}

describe('tournament bracket engine', () => {
  it.each<[Format, Partial<BracketSettings>, number]>([
    ['single_elimination', {}, 15],
    ['single_elimination', { thirdPlaceMatch: true }, 16],
    ['double_elimination', { grandFinalReset: true }, 30],
    ['round_robin', { groupCount: 1 }, 120],
    ['round_robin', { groupCount: 4 }, 24],
    ['swiss', {}, 32],
    ['two_stage', { groupStage: 'round_robin', groupCount: 4, playoffTeams: 8 }, 24 + 7],
    ['two_stage', { groupStage: 'swiss', playoffTeams: 8, thirdPlaceMatch: true }, 32 + 8],
  ])('16 teams, %s %o: %i matches, the top seed wins', async (format, extra, matches) => {
    const bracket = await TournamentBracket.draw({ ...base, ...extra, format }, teams(16));
    expect(await playOut(bracket)).toBe(matches);
    expect(bracket.finished).toBe(true);
    expect(bracket.championTeamId).toBe(101);
    // What is stored is plain JSON and loads back the same.
    const again = TournamentBracket.load(JSON.parse(JSON.stringify(bracket.toStored())) as StoredBracket);
    expect(again.championTeamId).toBe(101);
  });

  it('double elimination: the lower-bracket winner forces a grand final reset', async () => {
    const bracket = await TournamentBracket.draw({ ...base, format: 'double_elimination' }, teams(4));
    let finals = 0;
    for (let guard = 0; guard < 50 && !bracket.finished; guard++) {
      for (const slot of bracket.openSlots()) {
        const isGrandFinal = slot.isFinal;
        if (isGrandFinal) finals += 1;
        // Seed 1 loses its first grand final, then wins the reset.
        const seedOneLoses = isGrandFinal && finals === 1;
        const better = slot.challengerTeamId < slot.opponentTeamId ? 1 : 2;
        const winnerSide = seedOneLoses ? (better === 1 ? 2 : 1) : better;
        await bracket.record(slot.ref, { winnerSide, challengerScore: null, opponentScore: null });
      }
    }
    expect(finals).toBe(2);
    expect(bracket.championTeamId).toBe(101);
  });

  it.each<Format>(['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'two_stage'])(
    '%s with 13 teams, byes and both-sides-out walkovers still ends',
    async (format) => {
      const bracket = await TournamentBracket.draw({ ...base, format, groupCount: 2 }, teams(13));
      await playOut(bracket, (_ref, n) => n % 7 === 0);
      expect(bracket.finished).toBe(true);
      expect(bracket.openSlots()).toEqual([]);
    },
  );

  it('swiss pairs no rematch and breaks ties by Buchholz', async () => {
    const bracket = await TournamentBracket.draw({ ...base, format: 'swiss', swissRounds: 3 }, teams(8));
    await playOut(bracket);
    const matches = bracket.swiss?.matches ?? [];
    const pairs = matches.map((m) => [m.a, m.b].sort().join('-'));
    expect(new Set(pairs).size).toBe(pairs.length);
    const table = bracket.tables()[0] ?? [];
    expect(table[0]).toMatchObject({ teamId: 101, wins: 3 });
    for (let i = 1; i < table.length; i++) {
      const [prev, cur] = [table[i - 1], table[i]];
      if (prev && cur && prev.wins === cur.wins)
        expect(prev.buchholz ?? 0).toBeGreaterThanOrEqual(cur.buchholz ?? 0);
    }
  });
});
