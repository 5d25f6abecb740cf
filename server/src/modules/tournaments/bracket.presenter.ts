// The bracket as the tournament page shows it: stages -> groups -> rounds -> slots, each slot our match
// once it exists (teams, status, score, link), else the teams brackets-manager knows so far; tables for
// round robin groups and Swiss.
import type {
  Bracket,
  BracketMatch,
  BracketStage,
  BracketTeam,
  Standing,
} from '@versus/common/api/tournaments';
import type { Match as BmMatch } from 'brackets-model';
import { Status } from 'brackets-model';
import type { TournamentRow } from '../../db/schema/index.ts';
import { presentStatus } from '../../lib/match-status.ts';
import { roundName } from './bracket.ts';
import { outcomeOf, TournamentBracket } from './bracket-engine.ts';
import type { TableRow } from './bracket-engine.ts';
import type { bracketMatches } from './tournament.repository.ts';

type MatchRows = Awaited<ReturnType<typeof bracketMatches>>;
type TeamRef = { id: number; name: string; tag: string; slug: string };

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const GROUP_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function presentBracket(t: TournamentRow, rows: MatchRows, teams: TeamRef[]): Bracket {
  if (!t.bracket) return { format: t.format, stages: [] };
  const bracket = TournamentBracket.load(t.bracket);
  const teamById = new Map(teams.map((x) => [x.id, { ...x, url: `/team/${x.slug}` }]));
  const team = (id: number | null): BracketTeam | null => (id === null ? null : (teamById.get(id) ?? null));
  const byRef = new Map(rows.filter((r) => r.bracketRef !== null).map((r) => [r.bracketRef ?? '', r]));

  const fromMatch = (row: MatchRows[number]): BracketMatch => ({
    id: row.id,
    url: `/match/${String(row.id)}`,
    ...presentStatus(row.statusId),
    bestOf: row.bestOf,
    startDate: iso(row.startDate ?? row.expectedStartDate),
    challengerTeam: row.challengerTeam ? team(row.challengerTeam.id) : null,
    opponentTeam: row.opponentTeam ? team(row.opponentTeam.id) : null,
    challengerScore: row.challengerScore,
    opponentScore: row.opponentScore,
    winnerSide: row.winnerSide,
    bye: false,
    forfeit: row.forfeit,
  });
  const pending = (a: number | null, b: number | null, extra: Partial<BracketMatch> = {}): BracketMatch => ({
    id: null,
    url: null,
    statusId: null,
    statusName: 'Waiting',
    bestOf: null,
    startDate: null,
    challengerTeam: team(a),
    opponentTeam: team(b),
    challengerScore: null,
    opponentScore: null,
    winnerSide: null,
    bye: false,
    forfeit: false,
    ...extra,
  });

  const slotOf = (m: BmMatch): BracketMatch => {
    const row = byRef.get(`bm:${String(m.id)}`);
    if (row) return fromMatch(row);
    const a = bracket.teamOfParticipant(m.opponent1?.id ?? null);
    const b = bracket.teamOfParticipant(m.opponent2?.id ?? null);
    const bye = m.opponent1 === null || m.opponent2 === null;
    const doubleOut = m.opponent1?.forfeit === true && m.opponent2?.forfeit === true;
    const outcome = m.status >= Status.Completed ? outcomeOf(m) : null;
    return pending(a, b, {
      bye,
      forfeit: doubleOut,
      statusName: bye ? 'Bye' : doubleOut ? 'Both out' : m.status >= Status.Completed ? 'Decided' : 'Waiting',
      winnerSide: outcome === 1 || outcome === 2 ? outcome : null,
    });
  };

  const standings = (table: TableRow[] | undefined, swiss: boolean): Standing[] | null =>
    table
      ? table.flatMap((r, i) => {
          const ref = team(r.teamId);
          return ref
            ? [
                {
                  rank: i + 1,
                  team: ref,
                  played: r.played,
                  wins: r.wins,
                  draws: r.draws,
                  losses: r.losses,
                  points: r.points,
                  buchholz: swiss ? r.buchholz : null,
                },
              ]
            : [];
        })
      : null;

  const stages: BracketStage[] = [];
  const tables = bracket.tables();
  const swiss = bracket.swiss;
  if (swiss) {
    const rounds = [...new Set(swiss.matches.map((m) => m.round))].sort((a, b) => a - b);
    stages.push({
      name: t.format === 'two_stage' ? 'Swiss stage' : 'Swiss',
      type: 'swiss',
      groups: [
        {
          name: 'Swiss',
          rounds: rounds.map((round) => ({
            name: `Round ${String(round)}`,
            matches: swiss.matches
              .filter((m) => m.round === round)
              .map((m) => {
                const row = byRef.get(`swiss:${String(m.id)}`);
                if (row) return fromMatch(row);
                if (m.b === null) return pending(m.a, null, { bye: true, statusName: 'Bye', winnerSide: 1 });
                return pending(m.a, m.b);
              }),
          })),
          standings: standings(tables[0], true),
        },
      ],
    });
  }
  const bm = bracket.bm;
  for (const stage of [...(bm?.stage ?? [])].sort((a, b) => a.number - b.number)) {
    if (!bm) break;
    const groups = bm.group.filter((g) => g.stage_id === stage.id).sort((a, b) => a.number - b.number);
    stages.push({
      name: stage.name === 'Playoffs' ? 'Playoffs' : stage.type === 'round_robin' ? 'Groups' : 'Bracket',
      type: stage.type,
      groups: groups.map((g, gi) => {
        const rounds = bm.round.filter((r) => r.group_id === g.id).sort((a, b) => a.number - b.number);
        return {
          name: groupName(stage.type, g.number, gi),
          rounds: rounds
            .map((r) => ({
              name: roundLabel(stage.type, g.number, r.number, rounds.length),
              matches: bm.match
                .filter((m) => m.round_id === r.id && !bracket.isUnneededReset(m))
                .sort((a, b) => a.number - b.number)
                .map(slotOf),
            }))
            .filter((r) => r.matches.length > 0),
          standings: stage.type === 'round_robin' ? standings(tables[gi], false) : null,
        };
      }),
    });
  }
  return { format: t.format, stages };
}

function groupName(type: string, number: number, index: number): string {
  if (type === 'round_robin') return `Group ${GROUP_LETTERS[index] ?? String(index + 1)}`;
  if (type === 'double_elimination')
    return ['Upper bracket', 'Lower bracket', 'Grand final'][number - 1] ?? '';
  return number === 2 ? 'Third place' : 'Main bracket';
}

function roundLabel(type: string, group: number, round: number, rounds: number): string {
  if (type === 'round_robin') return `Round ${String(round)}`;
  if (type === 'single_elimination') return group === 2 ? 'Third place match' : roundName(round, rounds);
  if (group === 1) return round === rounds ? 'Upper bracket final' : `Upper round ${String(round)}`;
  if (group === 2) return round === rounds ? 'Lower bracket final' : `Lower round ${String(round)}`;
  return round === 1 ? 'Grand final' : 'Grand final reset';
}
