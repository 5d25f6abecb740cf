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

const TEAMS = 16;
const TEAM_SIZE = 5;
const PASSWORD = 'night-password-1234';

interface Team {
  id: number;
  captain: SoakClient;
}

interface BracketMatch {
  id: number | null;
  statusId: number | null;
  challengerTeam: { id: number } | null;
  opponentTeam: { id: number } | null;
}
interface TournamentPage {
  data: {
    id: number;
    status: string;
    winner: { id: number; name: string } | null;
    bracket: { stages: { groups: { rounds: { matches: BracketMatch[] }[] }[] }[] };
  };
}
interface VetoMatch {
  statusId: number;
  vetoDetail: { userId: number } | null;
  maps: { id: number; pickedByTeamId: number | null; removedByTeamId: number | null; deciderMap: boolean }[];
}

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const bracketMatches = (page: TournamentPage): BracketMatch[] =>
  page.data.bracket.stages.flatMap((s) => s.groups.flatMap((g) => g.rounds.flatMap((r) => r.matches)));

/**
 * A person registers; on a busy machine the first answer can come back without its XSRF cookie (419 at the
 * register), so a refusal is tried again with a fresh client, as a person would reload the page.
 */
async function register(base: string, address: string, username: string): Promise<SoakClient> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await new SoakClient(base, address).register(username, PASSWORD);
    } catch (error) {
      if (attempt >= 3) throw error;
      await sleep(1000);
    }
  }
}

/** One team: its captain and four players register, link player ids, and the captain builds the team. */
async function buildTeam(base: string, index: number): Promise<Team> {
  const address = `127.0.1.${String(index + 1)}`;
  const clients: SoakClient[] = [];
  for (let p = 0; p < TEAM_SIZE; p++) {
    const username = `night${String(index + 1).padStart(2, '0')}p${String(p + 1)}`;
    const client = await register(base, address, username);
    const playerId = `[U:1:${String(800_000 + index * 10 + p)}]`;
    await client.must('PUT', '/api/v1/users/me/player-ids/cod4', { playerId });
    clients.push(client);
  }
  const captain = clients[0] as SoakClient;
  const team = await captain.must<{ data: { id: number; slug: string } }>('POST', '/api/v1/teams', {
    name: `Night Team ${String(index + 1).padStart(2, '0')}`,
    tag: `NT${String(index + 1)}`,
  });
  for (let p = 1; p < TEAM_SIZE; p++) {
    const invited = await captain.must<{ data: { id: number } }>(
      'POST',
      `/api/v1/teams/${team.data.slug}/invitations`,
      { username: `night${String(index + 1).padStart(2, '0')}p${String(p + 1)}` },
    );
    await (clients[p] as SoakClient).must(
      'POST',
      `/api/v1/team-invitations/${String(invited.data.id)}/accept`,
    );
  }
  return { id: team.data.id, captain };
}

/** One look at a match and what its captains do about it now (ready, veto, approve the log's result). */
async function act(matchId: number, statusId: number, sides: [Team, Team], approved: Set<number>) {
  const id = String(matchId);
  if (statusId === STATUS.readyUp) {
    for (const team of sides) await team.captain.call('POST', `/api/v1/match-detail/status/${id}/ready/1`);
  } else if (statusId === STATUS.mapVeto) {
    for (let step = 0; step < 12; step++) {
      const answer = await sides[0].captain.call('GET', `/api/v1/match/${id}`);
      if (answer.status !== 200) return;
      const match = (answer.body as { data: VetoMatch }).data;
      if (match.statusId !== STATUS.mapVeto) return;
      const captain = sides.find((t) => t.captain.userId === match.vetoDetail?.userId)?.captain;
      const open = match.maps.find(
        (m) => m.pickedByTeamId === null && m.removedByTeamId === null && !m.deciderMap,
      );
      if (!captain || !open) return;
      const done = await captain.call('POST', `/api/v1/match/${id}/map/${String(open.id)}`);
      if (done.status !== 200) return;
    }
  } else if (statusId === STATUS.scoreEntered && !approved.has(matchId)) {
    for (const team of [sides[1], sides[0]]) {
      const answer = await team.captain.call('POST', `/api/v1/match-detail/score/form/${id}/approve`, {
        approve: 1,
      });
      if (answer.status === 200) {
        approved.add(matchId);
        return;
      }
    }
  }
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
  const teams: Team[] = [];
  // Four teams at a time: registration hashes passwords (argon2), the machine has two cores.
  for (let i = 0; i < TEAMS; i += 4)
    teams.push(...(await Promise.all([0, 1, 2, 3].map((k) => buildTeam(base, i + k)))));
  const teamsById = new Map(teams.map((t) => [t.id, t]));
  say(`${String(TEAMS)} teams of ${String(TEAM_SIZE)} registered and built`);

  const pools = await admin.must<{ data: { id: number }[] }>('GET', '/api/v1/admin/map-pools');
  const locations = await admin.must<{ data: { id: number }[] }>('GET', '/api/v1/admin/locations');
  const created = await admin.must<{ data: { id: number; slug: string } }>(
    'POST',
    '/api/v1/admin/tournaments',
    {
      name: 'Memory Night Cup',
      format: 'single_elimination',
      mapPoolId: pools.data[0]?.id,
      teamSize: TEAM_SIZE,
      startDate: new Date(Date.now() + 4 * 60_000).toISOString(),
      maxTeams: TEAMS,
      roundIntervalMinutes: 5,
      checkInMinutes: 5,
      readyCheckMinutes: 15,
      bestOf: 1,
      finalBestOf: 1,
      locationRule: 'fixed',
      fixedLocationId: locations.data[0]?.id,
    },
  );
  const { id: tournamentId, slug } = created.data;
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
  const approved = new Set<number>();
  const finished = new Set<number>();
  const cancelled = new Set<number>();
  let page: TournamentPage | null = null;
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const answer = await spectator.call('GET', `/api/v1/tournaments/${slug}`);
    if (answer.status === 200) {
      page = answer.body as TournamentPage;
      if (page.data.status === 'finished' || page.data.status === 'cancelled') break;
      const work: Promise<void>[] = [];
      for (const m of bracketMatches(page)) {
        if (m.id === null || typeof m.statusId !== 'number' || !m.challengerTeam || !m.opponentTeam) continue;
        if (m.statusId === STATUS.finished) {
          if (!finished.has(m.id)) say(`match ${String(m.id)} finished (${String(finished.size + 1)} of 15)`);
          finished.add(m.id);
          continue;
        }
        if (m.statusId === STATUS.cancelled) {
          if (!cancelled.has(m.id)) say(`match ${String(m.id)} was CANCELLED`);
          cancelled.add(m.id);
          continue;
        }
        const sides = [teamsById.get(m.challengerTeam.id), teamsById.get(m.opponentTeam.id)];
        if (sides[0] && sides[1]) work.push(act(m.id, m.statusId, [sides[0], sides[1]], approved));
      }
      await Promise.all(work);
    }
    await sleep(1000);
  }
  const final = await spectator.must<TournamentPage>('GET', `/api/v1/tournaments/${slug}`);
  const all = bracketMatches(final);
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
