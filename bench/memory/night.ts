// The memory benchmark's tournament night (docs/benchmarks.md, "Memory"): a 16-team single elimination run
// through the app's HTTP API as a league runs one, on the embedded start's emulated CoD4x servers. 16 captains
// register with four players each (each team from its own loopback address, so the register limit of 5 an hour
// per address counts one team's five people), link their CoD4x player ids and build their teams; the admin
// creates the tournament (best of one, the first location); the captains sign up and check in; the start is
// moved into the past so the sweeper draws the bracket and every next match is due at once. Each match as
// players play it: both captains ready up, the captain whose turn it is bans or picks the first open map, the
// pool configures an embedded emulated server, whose demo driver joins the lineups (their linked player ids)
// and takes the match live; the log's result is entered by the server and the opponent's captain approves it.
// The people are scripted with the soak's HTTP client (cookies, XSRF, a chosen local address). Unlike the soak
// there are no realtime sockets: the captains look at the bracket once a second instead.
import { STATUS } from '@versus/common/match/statuses';
import { SoakClient, traffic } from '../soak/clients.ts';
import * as cup from '../lib/tournament-night.ts';

const NAMES = {
  user: 'night',
  team: 'Night Team',
  tag: 'NT',
  password: 'night-password-1234',
  firstPlayerId: 800_000,
};

/** What the night left: its matches (ids), how many finished, the winner, and how long it took. */
export interface NightSummary {
  matchIds: number[];
  finished: number;
  cancelled: number;
  status: string;
  winner: string | null;
  seconds: number;
  /** Requests the night's people made. */
  requests: number;
}

/**
 * Plays the night on the app at `base` (the embedded start, signed in as `admin` with the demo password);
 * gives up after `deadlineMs` and answers what it got to. `say` reports progress.
 */
export async function playTournamentNight(
  base: string,
  deadlineMs: number,
  say: (text: string) => void,
): Promise<NightSummary> {
  const started = performance.now();
  const requestsBefore = traffic.requests;
  const admin = await new SoakClient(base).signIn('admin', 'password');
  const teams = await cup.buildTeams(base, NAMES);
  const teamsById = new Map(teams.map((t) => [t.id, t]));
  say(`${String(cup.TEAMS)} teams of ${String(cup.TEAM_SIZE)} registered and built`);

  const { id: tournamentId, slug } = await cup.createCup(admin, 'Memory Night Cup');
  for (const team of teams) {
    await team.captain.must('POST', `/api/v1/tournaments/${slug}/signup`, { teamId: team.id });
    await team.captain.must('POST', `/api/v1/tournaments/${slug}/check-in`, { teamId: team.id });
  }
  // Every round's planned start already passed: each next match is due as soon as both its teams are known,
  // so the night runs at the emulators' pace.
  await admin.must('PATCH', `/api/v1/admin/tournaments/${String(tournamentId)}`, {
    startDate: new Date(Date.now() - 60 * 60_000).toISOString(),
  });
  say('signed up and checked in; the start moved to the past: the sweeper draws the bracket');

  const spectator = new SoakClient(base, '127.0.2.1');
  const progress = cup.newProgress();
  let page: cup.TournamentPage | null = null;
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const answer = await spectator.call('GET', `/api/v1/tournaments/${slug}`);
    if (answer.status === 200) {
      page = answer.body as cup.TournamentPage;
      if (page.data.status === 'finished' || page.data.status === 'cancelled') break;
      await cup.playBracket(page, teamsById, progress, say);
    }
    await cup.sleep(1000);
  }
  const final = await spectator.must<cup.TournamentPage>('GET', `/api/v1/tournaments/${slug}`);
  const all = cup.bracketMatches(final);
  return {
    matchIds: all.flatMap((m) => (m.id === null ? [] : [m.id])),
    finished: all.filter((m) => m.statusId === STATUS.finished).length,
    cancelled: all.filter((m) => m.statusId === STATUS.cancelled).length,
    status: final.data.status,
    winner: final.data.winner?.name ?? null,
    seconds: (performance.now() - started) / 1000,
    requests: traffic.requests - requestsBefore,
  };
}
