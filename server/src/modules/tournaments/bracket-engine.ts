// The bracket of a tournament in any format, as one value stored in `tournaments.bracket` (jsonb) and
// changed only under the tournament's row lock. Elimination and round robin stages are brackets-manager's
// (its tables, exported and imported around each change through its in-memory storage); Swiss rounds are
// ours (swiss.ts). A two-stage event plays round robin groups or Swiss, then single-elimination playoffs
// seeded from the first stage's table.
//
// A slot of the bracket becomes one of our matches (`matches.bracket_ref`) once both its teams are known;
// its result comes back through `record`. Byes and "both sides out" are brackets-manager's: a double
// forfeit sends nobody on, so the next match is a walkover for the other side.
import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import type { Database, Match as BmMatch, ParticipantResult } from 'brackets-model';
import { Status } from 'brackets-model';
import type { StoredBracket } from '../../db/schema/index.ts';
import { defaultSwissRounds, pairSwissRound, swissStandings } from './swiss.ts';
import type { SwissMatch, SwissResult, SwissStanding } from './swiss.ts';

export type Format = 'single_elimination' | 'double_elimination' | 'round_robin' | 'swiss' | 'two_stage';

export interface BracketSettings {
  format: Format;
  thirdPlaceMatch: boolean;
  grandFinalReset: boolean;
  groupCount: number;
  swissRounds: number | null;
  groupStage: 'round_robin' | 'swiss';
  playoffTeams: number;
}

/** One bracket slot ready to be played: both teams known, no result yet. */
export interface OpenSlot {
  ref: string;
  /** Round of the whole event, 1 first: the slot's match is not due before start + (round - 1) x interval. */
  eventRound: number;
  /** Unique per tournament (the match's `bracket_position`). */
  position: number;
  /** The final of the event (its best-of is the tournament's `finalBestOf`). */
  isFinal: boolean;
  challengerTeamId: number;
  opponentTeamId: number;
}

/** How a slot ended: the winner's side (1 challenger, 2 opponent), 0 draw, or null when both were out. */
export interface SlotResult {
  winnerSide: 0 | 1 | 2 | null;
  challengerScore: number | null;
  opponentScore: number | null;
}

interface Entry {
  teamId: number;
  seed: number;
}

interface State {
  v: 1;
  settings: BracketSettings;
  /** Every team of the event, in seed order. */
  entries: Entry[];
  /** brackets-manager's tables (null for a Swiss-only event). */
  bm: Database | null;
  /** Swiss stage, when there is one. */
  swiss: { teamIds: number[]; rounds: number; matches: SwissMatch[] } | null;
  /** Two-stage: the playoffs were drawn. */
  playoffsDrawn: boolean;
  /** Round of the event each stage starts at (the playoffs follow the first stage). */
  playoffRoundOffset: number;
  championTeamId: number | null;
  finished: boolean;
}

const SWISS_REF = 'swiss:';
const BM_REF = 'bm:';
/** Swiss positions follow brackets-manager's match ids, which stay far below this. */
const SWISS_POSITION_BASE = 10_000;

export class TournamentBracket {
  private constructor(private state: State) {}

  /** Draws the bracket for teams in seed order (at least 2). */
  static async draw(settings: BracketSettings, teamIds: readonly number[]): Promise<TournamentBracket> {
    const entries = teamIds.map((teamId, i) => ({ teamId, seed: i + 1 }));
    const bracket = new TournamentBracket({
      v: 1,
      settings,
      entries,
      bm: null,
      swiss: null,
      playoffsDrawn: false,
      playoffRoundOffset: 0,
      championTeamId: null,
      finished: false,
    });
    const first = firstStage(settings);
    if (first === 'swiss') {
      const rounds = Math.min(settings.swissRounds ?? defaultSwissRounds(entries.length), entries.length - 1);
      bracket.state.swiss = { teamIds: [...teamIds], rounds: Math.max(1, rounds), matches: [] };
      bracket.pairNextSwissRound();
    } else {
      await bracket.withManager(async (manager) => {
        await manager.create.stage(stageInput(first, 'Main', settings, teamIds, 0));
      });
    }
    await bracket.settle();
    return bracket;
  }

  static load(stored: StoredBracket): TournamentBracket {
    return new TournamentBracket(stored as unknown as State);
  }

  toStored(): StoredBracket {
    return this.state as unknown as StoredBracket;
  }

  get settings(): BracketSettings {
    return this.state.settings;
  }
  get finished(): boolean {
    return this.state.finished;
  }
  get championTeamId(): number | null {
    return this.state.championTeamId;
  }
  get entries(): readonly Entry[] {
    return this.state.entries;
  }
  get swiss() {
    return this.state.swiss;
  }
  get bm(): Database | null {
    return this.state.bm;
  }

  /** Slots with both teams known and no result, in play order. */
  openSlots(): OpenSlot[] {
    const out: OpenSlot[] = [];
    const { bm, swiss } = this.state;
    if (swiss && !(this.state.settings.format === 'two_stage' && this.state.playoffsDrawn)) {
      for (const m of swiss.matches) {
        if (m.result !== null || m.b === null) continue;
        out.push({
          ref: `${SWISS_REF}${String(m.id)}`,
          eventRound: m.round,
          position: SWISS_POSITION_BASE + m.id,
          isFinal: false,
          challengerTeamId: m.a,
          opponentTeamId: m.b,
        });
      }
    }
    if (bm) {
      for (const m of bm.match) {
        if (m.status !== Status.Ready || this.isUnneededReset(m)) continue;
        const a = this.teamOfParticipant(m.opponent1?.id ?? null);
        const b = this.teamOfParticipant(m.opponent2?.id ?? null);
        if (a === null || b === null) continue;
        out.push({
          ref: `${BM_REF}${String(m.id)}`,
          eventRound: this.eventRoundOf(m),
          position: Number(m.id) + 1,
          isFinal: this.isFinalMatch(m),
          challengerTeamId: a,
          opponentTeamId: b,
        });
      }
    }
    return out.sort((x, y) => x.eventRound - y.eventRound || x.position - y.position);
  }

  /** Records a played (or walked-over) slot, then draws what follows. Unknown or decided slots: false. */
  async record(ref: string, result: SlotResult): Promise<boolean> {
    if (this.state.finished) return false;
    if (ref.startsWith(SWISS_REF)) {
      const id = Number(ref.slice(SWISS_REF.length));
      const m = this.state.swiss?.matches.find((x) => x.id === id);
      if (!m || m.result !== null) return false;
      m.result = swissResultOf(result);
      if (this.state.swiss?.matches.every((x) => x.result !== null)) this.pairNextSwissRound();
    } else if (ref.startsWith(BM_REF)) {
      const id = Number(ref.slice(BM_REF.length));
      const m = this.state.bm?.match.find((x) => Number(x.id) === id);
      if (!m || m.status !== Status.Ready) return false;
      await this.withManager(async (manager) => {
        await manager.update.match(bmUpdateOf(id, result));
      });
    } else {
      return false;
    }
    await this.settle();
    return true;
  }

  /** Team ids knocked out by the slot just recorded (the loser, or both when both were out). */
  knockedOut(ref: string, challengerTeamId: number, opponentTeamId: number, result: SlotResult): number[] {
    const both = [challengerTeamId, opponentTeamId];
    const loser =
      result.winnerSide === 1 ? [opponentTeamId] : result.winnerSide === 2 ? [challengerTeamId] : [];
    if (!ref.startsWith(BM_REF)) return [];
    const m = this.state.bm?.match.find((x) => Number(x.id) === Number(ref.slice(BM_REF.length)));
    if (!m) return [];
    const stage = this.state.bm?.stage.find((s) => s.id === m.stage_id);
    const group = this.state.bm?.group.find((g) => g.id === m.group_id);
    if (!stage || !group || stage.type === 'round_robin') return [];
    if (result.winnerSide === null) return both;
    // Double elimination: only the lower bracket and the grand final knock out; the upper bracket's loser drops down.
    if (stage.type === 'double_elimination') return group.number === 1 ? [] : loser;
    // Single elimination: the semi-final losers still play for third place when there is that match.
    const hasThird = this.state.bm?.group.some((g) => g.stage_id === stage.id && g.number === 2) ?? false;
    const round = this.state.bm?.round.find((r) => r.id === m.round_id);
    const rounds = this.state.bm?.round.filter((r) => r.group_id === m.group_id).length ?? 0;
    if (hasThird && group.number === 1 && round && round.number === rounds - 1) return [];
    return loser;
  }

  private pairNextSwissRound(): void {
    const swiss = this.state.swiss;
    if (!swiss) return;
    const played = swiss.matches.length === 0 ? 0 : Math.max(...swiss.matches.map((m) => m.round));
    if (played >= swiss.rounds) return;
    let nextId = swiss.matches.length + 1;
    for (const [a, b] of pairSwissRound(swiss.teamIds, swiss.matches)) {
      swiss.matches.push({ id: nextId, round: played + 1, a, b, result: b === null ? 'a' : null });
      nextId += 1;
    }
  }

  /** After a change: draws the playoffs when the first stage is over, and closes the event at its end. */
  private async settle(): Promise<void> {
    const { settings } = this.state;
    if (!this.firstStageOver()) return;
    if (settings.format === 'two_stage' && !this.state.playoffsDrawn) {
      const qualified = this.qualifiers();
      this.state.playoffsDrawn = true;
      this.state.playoffRoundOffset = this.firstStageRounds();
      if (qualified.length >= 2) {
        await this.withManager(async (manager) => {
          await manager.create.stage(stageInput('single_elimination', 'Playoffs', settings, qualified, 1));
        });
        return;
      }
      this.finish(qualified[0] ?? null);
      return;
    }
    if (this.openSlots().length > 0) return;
    this.finish(this.champion());
  }

  private finish(champion: number | null): void {
    this.state.finished = true;
    this.state.championTeamId = champion;
  }

  /** Whether the first stage (the only one for one-stage events) has nothing left to play. */
  private firstStageOver(): boolean {
    const { swiss, bm, settings } = this.state;
    if (firstStage(settings) === 'swiss') {
      if (!swiss) return true;
      const played = swiss.matches.length === 0 ? 0 : Math.max(...swiss.matches.map((m) => m.round));
      return played >= swiss.rounds && swiss.matches.every((m) => m.result !== null);
    }
    const first = bm?.stage.find((s) => s.number === 1);
    return !bm?.match.some(
      (m) =>
        m.stage_id === first?.id &&
        (m.status === Status.Ready || m.status === Status.Running) &&
        !this.isUnneededReset(m),
    );
  }

  private firstStageRounds(): number {
    const { swiss, bm } = this.state;
    if (swiss) return swiss.rounds;
    const first = bm?.stage.find((s) => s.number === 1);
    const perGroup = new Map<unknown, number>();
    for (const r of bm?.round ?? []) {
      if (r.stage_id !== first?.id) continue;
      perGroup.set(r.group_id, Math.max(perGroup.get(r.group_id) ?? 0, r.number));
    }
    return Math.max(0, ...perGroup.values());
  }

  /** Two-stage: the teams that reach the playoffs, in playoff seed order. */
  private qualifiers(): number[] {
    const { playoffTeams } = this.state.settings;
    const tables = this.tables();
    if (tables.length === 1) return (tables[0] ?? []).slice(0, playoffTeams).map((s) => s.teamId);
    // Groups: the same number from each group; group winners seeded first, then the runners-up, ...
    const perGroup = Math.max(1, Math.floor(playoffTeams / tables.length));
    const out: number[] = [];
    for (let place = 0; place < perGroup; place++) {
      const atPlace = tables
        .map((t) => t[place])
        .filter((s): s is TableRow => s !== undefined)
        .sort(compareRows);
      out.push(...atPlace.map((s) => s.teamId));
    }
    return out;
  }

  /** The champion of an event whose last stage is over. */
  private champion(): number | null {
    const { settings, bm } = this.state;
    const last = settings.format === 'two_stage' ? 'single_elimination' : firstStage(settings);
    if (last === 'swiss' || last === 'round_robin') {
      const best = this.tables().flat().sort(compareRows)[0];
      return best?.teamId ?? null;
    }
    if (!bm) return null;
    const stage = [...bm.stage].sort((a, b) => b.number - a.number)[0];
    if (!stage) return null;
    // The grand final (double elimination, group 3) or the final (group 1): its last decided match.
    const groupNumber =
      stage.type === 'double_elimination' && bm.group.some((g) => g.stage_id === stage.id && g.number === 3)
        ? 3
        : 1;
    const group = bm.group.find((g) => g.stage_id === stage.id && g.number === groupNumber);
    const rounds = bm.round.filter((r) => r.group_id === group?.id).sort((a, b) => b.number - a.number);
    for (const round of rounds) {
      if (bm.match.some((x) => x.round_id === round.id && this.isUnneededReset(x))) continue;
      for (const m of bm.match.filter((x) => x.round_id === round.id)) {
        const winner = winnerParticipant(m);
        if (winner !== null) return this.teamOfParticipant(winner);
      }
    }
    // Double elimination without a decided grand final: the upper bracket's winner, if any.
    if (groupNumber === 3) {
      const wb = bm.group.find((g) => g.stage_id === stage.id && g.number === 1);
      const wbFinal = bm.round.filter((r) => r.group_id === wb?.id).sort((a, b) => b.number - a.number)[0];
      const m = bm.match.find((x) => x.round_id === wbFinal?.id);
      const w = m ? winnerParticipant(m) : null;
      return w === null ? null : this.teamOfParticipant(w);
    }
    return null;
  }

  /** Standings of the first stage: one table per group (Swiss: one table). */
  tables(): TableRow[][] {
    const { swiss, bm, entries } = this.state;
    const seedOf = new Map(entries.map((e) => [e.teamId, e.seed]));
    if (swiss) {
      return [
        swissStandings(swiss.teamIds, swiss.matches).map((s: SwissStanding) => ({
          teamId: s.teamId,
          seed: s.seed,
          played: s.played,
          wins: s.wins,
          draws: s.draws,
          losses: s.losses,
          points: 3 * s.wins + s.draws,
          diff: 0,
          buchholz: s.buchholz,
        })),
      ];
    }
    if (!bm) return [];
    const first = bm.stage.find((s) => s.number === 1);
    if (first?.type !== 'round_robin') return [];
    return bm.group
      .filter((g) => g.stage_id === first.id)
      .sort((a, b) => a.number - b.number)
      .map((g) => {
        const rows = new Map<number, TableRow>();
        const row = (participant: unknown) => {
          const teamId = this.teamOfParticipant(participant);
          if (teamId === null) return null;
          let r = rows.get(teamId);
          if (!r) {
            r = {
              teamId,
              seed: seedOf.get(teamId) ?? 999,
              played: 0,
              wins: 0,
              draws: 0,
              losses: 0,
              points: 0,
              diff: 0,
              buchholz: null,
            };
            rows.set(teamId, r);
          }
          return r;
        };
        for (const m of bm.match.filter((x) => x.group_id === g.id)) {
          const a = m.opponent1?.id === undefined || m.opponent1.id === null ? null : row(m.opponent1.id);
          const b = m.opponent2?.id === undefined || m.opponent2.id === null ? null : row(m.opponent2.id);
          if (m.status < Status.Completed || !a || !b) continue;
          a.played += 1;
          b.played += 1;
          const outcome = outcomeOf(m);
          if (outcome === 1) [a.wins, b.losses] = [a.wins + 1, b.losses + 1];
          else if (outcome === 2) [b.wins, a.losses] = [b.wins + 1, a.losses + 1];
          else if (outcome === 0) [a.draws, b.draws] = [a.draws + 1, b.draws + 1];
          else [a.losses, b.losses] = [a.losses + 1, b.losses + 1];
          const sa = m.opponent1?.score ?? 0;
          const sb = m.opponent2?.score ?? 0;
          a.diff += sa - sb;
          b.diff += sb - sa;
        }
        for (const r of rows.values()) r.points = 3 * r.wins + r.draws;
        return [...rows.values()].sort(compareRows);
      });
  }

  teamOfParticipant(participantId: unknown): number | null {
    if (participantId === null || participantId === undefined) return null;
    const p = this.state.bm?.participant.find((x) => x.id === participantId) as
      { teamId?: number } | undefined;
    return p?.teamId ?? null;
  }

  /** Round of the event a brackets-manager match belongs to (playoffs follow the first stage). */
  eventRoundOf(m: BmMatch): number {
    const bm = this.state.bm;
    const stage = bm?.stage.find((s) => s.id === m.stage_id);
    const group = bm?.group.find((g) => g.id === m.group_id);
    const round = bm?.round.find((r) => r.id === m.round_id);
    const offset = stage && stage.number > 1 ? this.state.playoffRoundOffset : 0;
    const n = round?.number ?? 1;
    if (stage?.type !== 'double_elimination' || !group) return offset + n;
    const wbRounds =
      bm?.round.filter(
        (r) => r.group_id === bm.group.find((g) => g.stage_id === stage.id && g.number === 1)?.id,
      ).length ?? 1;
    if (group.number === 1) return offset + n;
    if (group.number === 2) return offset + Math.ceil(n / 2) + 1;
    return offset + wbRounds + n;
  }

  /**
   * The grand final reset when the upper bracket's team (opponent 1) won the first grand final:
   * brackets-manager readies it anyway and leaves it to the organiser not to play it.
   */
  isUnneededReset(m: BmMatch): boolean {
    const bm = this.state.bm;
    const group = bm?.group.find((g) => g.id === m.group_id);
    const stage = bm?.stage.find((s) => s.id === m.stage_id);
    if (!bm || stage?.type !== 'double_elimination' || group?.number !== 3) return false;
    const round = bm.round.find((r) => r.id === m.round_id);
    if (round?.number !== 2) return false;
    const firstRound = bm.round.find((r) => r.group_id === group.id && r.number === 1);
    const first = bm.match.find((x) => x.round_id === firstRound?.id);
    return first !== undefined && first.status >= Status.Completed && outcomeOf(first) !== 2;
  }

  private isFinalMatch(m: BmMatch): boolean {
    const bm = this.state.bm;
    if (!bm) return false;
    const last = [...bm.stage].sort((a, b) => b.number - a.number)[0];
    if (!last || m.stage_id !== last.id || last.type === 'round_robin') return false;
    const group = bm.group.find((g) => g.id === m.group_id);
    const finalGroup =
      last.type === 'double_elimination' && bm.group.some((g) => g.stage_id === last.id && g.number === 3)
        ? 3
        : 1;
    if (group?.number !== finalGroup) return false;
    const rounds = bm.round.filter((r) => r.group_id === group.id);
    const round = rounds.find((r) => r.id === m.round_id);
    return finalGroup === 3 || round?.number === rounds.length;
  }

  private async withManager(change: (manager: BracketsManager) => Promise<void>): Promise<void> {
    const storage = new InMemoryDatabase();
    const manager = new BracketsManager(storage);
    if (this.state.bm) await manager.import(this.state.bm);
    await change(manager);
    this.state.bm = await manager.export();
  }
}

export interface TableRow {
  teamId: number;
  seed: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  diff: number;
  buchholz: number | null;
}

/** Points, then Buchholz (Swiss), then map difference (groups), then the seed. */
function compareRows(x: TableRow, y: TableRow): number {
  return y.points - x.points || (y.buchholz ?? 0) - (x.buchholz ?? 0) || y.diff - x.diff || x.seed - y.seed;
}

function firstStage(
  settings: BracketSettings,
): 'single_elimination' | 'double_elimination' | 'round_robin' | 'swiss' {
  if (settings.format === 'two_stage') return settings.groupStage;
  return settings.format;
}

function stageInput(
  type: 'single_elimination' | 'double_elimination' | 'round_robin',
  name: string,
  settings: BracketSettings,
  teamIds: readonly number[],
  number: 0 | 1,
) {
  const seeding = teamIds.map((teamId, i) => ({ name: `Seed ${String(i + 1)}`, teamId }));
  const size = type === 'round_robin' ? undefined : 2 ** Math.ceil(Math.log2(Math.max(2, teamIds.length)));
  const padded =
    size === undefined ? seeding : [...seeding, ...Array<null>(size - seeding.length).fill(null)];
  const groupCount = Math.max(1, Math.min(settings.groupCount, Math.floor(teamIds.length / 2)));
  return {
    tournamentId: 0,
    name,
    number: number + 1,
    type,
    seeding: padded,
    settings:
      type === 'round_robin'
        ? { groupCount, seedOrdering: ['groups.seed_optimized' as const] }
        : {
            size,
            seedOrdering: ['inner_outer' as const],
            consolationFinal: type === 'single_elimination' && settings.thirdPlaceMatch,
            grandFinal: settings.grandFinalReset ? ('double' as const) : ('simple' as const),
          },
  };
}

function swissResultOf(result: SlotResult): SwissResult {
  if (result.winnerSide === 1) return 'a';
  if (result.winnerSide === 2) return 'b';
  if (result.winnerSide === 0) return 'draw';
  return 'both-out';
}

function bmUpdateOf(id: number, result: SlotResult) {
  const score = (s: number | null) => (s === null ? {} : { score: s });
  if (result.winnerSide === null) {
    return { id, opponent1: { forfeit: true }, opponent2: { forfeit: true } };
  }
  const side = (mine: 1 | 2, s: number | null): Partial<ParticipantResult> => ({
    ...score(s),
    result: result.winnerSide === 0 ? 'draw' : result.winnerSide === mine ? 'win' : 'loss',
  });
  return { id, opponent1: side(1, result.challengerScore), opponent2: side(2, result.opponentScore) };
}

/** 1 or 2 (the winning opponent), 0 a draw, null both out or undecided. */
export function outcomeOf(m: BmMatch): 0 | 1 | 2 | null {
  const a = m.opponent1;
  const b = m.opponent2;
  if (a?.result === 'draw') return 0;
  if (a?.result === 'win' || (a && !a.forfeit && (b === null || b.forfeit === true))) return 1;
  if (b?.result === 'win' || (b && !b.forfeit && (a === null || a.forfeit === true))) return 2;
  return null;
}

function winnerParticipant(m: BmMatch): unknown {
  if (m.status < Status.Completed) return null;
  const o = outcomeOf(m);
  if (o === 1) return m.opponent1?.id ?? null;
  if (o === 2) return m.opponent2?.id ?? null;
  return null;
}
