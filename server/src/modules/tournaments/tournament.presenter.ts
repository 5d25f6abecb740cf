import type { TournamentPage, TournamentSummary } from '@versus/common/api/tournaments';
import type { TournamentRow } from '../../db/schema/index.ts';
import { presentBracket } from './bracket.presenter.ts';
import type { bracketMatches, tournamentEntries } from './tournament.repository.ts';
import { hasTeamSize } from '@versus/common/match/league-rules';
import { canCheckIn, canSignUp, isCheckInOpen, isSignupOpen, signupDeadline } from './tournament.policies.ts';

type Entries = Awaited<ReturnType<typeof tournamentEntries>>;
type BracketRows = Awaited<ReturnType<typeof bracketMatches>>;
type TeamRef = { id: number; name: string; tag: string; slug: string } | null;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const withUrl = (t: TeamRef) => (t === null ? null : { ...t, url: `/team/${t.slug}` });

export function presentTournamentSummary(
  t: TournamentRow,
  teamsCount: number,
  now: number,
): TournamentSummary {
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
    format: t.format,
    checkInMinutes: t.checkInMinutes,
    checkInOpen: isCheckInOpen(t, now),
  };
}

export interface TournamentViewer {
  captained: { id: number; name: string; slug: string; members: number }[];
}

const ref = ({ id, name, slug }: TournamentViewer['captained'][number]) => ({ id, name, slug });

export function presentTournamentPage(
  t: TournamentRow,
  entries: Entries,
  bracket: BracketRows,
  winner: TeamRef,
  viewer: TournamentViewer,
  now: number,
): TournamentPage {
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
      checkedIn: e.entry.checkedInAt !== null,
      team: { ...e.team, url: `/team/${e.team.slug}` },
    })),
    bracket: presentBracket(
      t,
      bracket,
      entries.map((e) => e.team),
    ),
    viewer: {
      /** Captained teams that may sign up now (`POST .../signup {teamId}`). */
      signupTeams: canSignUp(t, entries.length, now)
        ? viewer.captained.filter((c) => !signedUp.has(c.id)).map(ref)
        : [],
      /** Captained teams that are signed up and may still withdraw. */
      withdrawTeams: open ? viewer.captained.filter((c) => signedUp.has(c.id)).map(ref) : [],
      /** Captained teams that may check in now: signed up, in the window, with the team size of members. */
      checkInTeams: viewer.captained
        .filter(
          (c) =>
            hasTeamSize(c.members, t.teamSize) &&
            canCheckIn(t, entries.find((e) => e.team.id === c.id)?.entry ?? null, now),
        )
        .map(ref),
    },
  };
}
