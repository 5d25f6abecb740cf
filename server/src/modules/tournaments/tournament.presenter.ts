import { isStatusId, statusName } from '@versus/common/match/statuses';
import type { TournamentRow } from '../../db/schema/index.ts';
import { planBracket, roundName } from './bracket.ts';
import type { bracketMatches, tournamentEntries } from './tournament.repository.ts';
import { canSignUp, isSignupOpen, signupDeadline } from './tournament.policies.ts';

type Entries = Awaited<ReturnType<typeof tournamentEntries>>;
type BracketRows = Awaited<ReturnType<typeof bracketMatches>>;
type TeamRef = { id: number; name: string; tag: string; slug: string } | null;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const withUrl = (t: TeamRef) => (t === null ? null : { ...t, url: `/team/${t.slug}` });

export function presentTournamentSummary(t: TournamentRow, teamsCount: number, now: number) {
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    url: `/tournament/${t.slug}`,
    description: t.description,
    status: t.status,
    teamSize: t.teamSize,
    maxTeams: t.maxTeams,
    teamsCount,
    bestOf: t.bestOf,
    finalBestOf: t.finalBestOf,
    startDate: t.startDate.toISOString(),
    signupDeadline: signupDeadline(t).toISOString(),
    signupOpen: isSignupOpen(t, now),
    roundIntervalMinutes: t.roundIntervalMinutes,
  };
}

/** Rounds -> matches, with teams, scores and status; round 1 lists only played matches (byes skip it). */
export function presentBracket(rows: BracketRows, teamsCount: number) {
  if (rows.length === 0) return { rounds: [] };
  const total = teamsCount >= 2 ? planBracket(teamsCount).rounds : Math.max(...rows.map((r) => r.round ?? 1));
  const rounds = new Map<number, BracketRows>();
  for (const row of rows) rounds.set(row.round ?? 1, [...(rounds.get(row.round ?? 1) ?? []), row]);
  return {
    rounds: [...rounds.entries()].map(([round, matches]) => ({
      round,
      name: roundName(round, total),
      matches: matches.map((m) => ({
        id: m.id,
        url: `/match/${String(m.id)}`,
        position: m.position,
        statusId: m.statusId,
        statusName: isStatusId(m.statusId) ? statusName(m.statusId) : 'Unknown',
        bestOf: m.bestOf,
        startDate: iso(m.startDate),
        expectedStartDate: iso(m.expectedStartDate),
        challengerTeam: withUrl(m.challengerTeam),
        opponentTeam: withUrl(m.opponentTeam),
        challengerScore: m.challengerScore,
        opponentScore: m.opponentScore,
        winnerSide: m.winnerSide,
        nextMatchId: m.nextMatchId,
        nextMatchSide: m.nextMatchSide,
      })),
    })),
  };
}

export interface TournamentViewer {
  captained: { id: number; name: string; slug: string }[];
}

export function presentTournamentPage(
  t: TournamentRow,
  entries: Entries,
  bracket: BracketRows,
  winner: TeamRef,
  viewer: TournamentViewer,
  now: number,
) {
  const signedUp = new Set(entries.map((e) => e.team.id));
  const open = isSignupOpen(t, now);
  return {
    ...presentTournamentSummary(t, entries.length, now),
    startedAt: iso(t.startedAt),
    finishedAt: iso(t.finishedAt),
    winner: withUrl(winner),
    teams: entries.map((e) => ({
      seed: e.entry.seed,
      eliminatedInRound: e.entry.eliminatedInRound,
      signedUpAt: e.entry.signedUpAt.toISOString(),
      team: { ...e.team, url: `/team/${e.team.slug}` },
    })),
    bracket: presentBracket(bracket, entries.length),
    viewer: {
      /** Captained teams that may sign up now (`POST .../signup {teamId}`). */
      signupTeams: canSignUp(t, entries.length, now)
        ? viewer.captained.filter((c) => !signedUp.has(c.id))
        : [],
      /** Captained teams that are signed up and may still withdraw. */
      withdrawTeams: open ? viewer.captained.filter((c) => signedUp.has(c.id)) : [],
    },
  };
}
