// A 16-team single-elimination night as people play it through the HTTP API, shared by the soak
// (bench/soak/run.ts, through nginx) and the memory benchmark's night (bench/memory/night.ts, the embedded
// start): the captains and players register and build their teams, an admin creates the cup, and each look at
// the bracket lets the captains do what their matches wait for (ready up, veto, approve the log's result).
import { STATUS } from '@versus/common/match/statuses';
import { SoakClient } from '../soak/clients.ts';

export const TEAMS = 16;
export const TEAM_SIZE = 5;

export interface NightTeam {
  index: number;
  id: number;
  slug: string;
  captain: SoakClient;
  players: { userId: number; username: string; playerId: string }[];
}

export interface BracketMatch {
  id: number | null;
  statusId: number | null;
  challengerTeam: { id: number } | null;
  opponentTeam: { id: number } | null;
}
export interface TournamentPage {
  data: {
    id: number;
    status: string;
    winner: { id: number; name: string } | null;
    bracket: { stages: { groups: { rounds: { matches: BracketMatch[] }[] }[] }[] };
  };
}
export interface VetoMatch {
  statusId: number;
  challengerTeam: { id: number };
  opponentTeam: { id: number };
  vetoDetail: { userId: number } | null;
  maps: { id: number; pickedByTeamId: number | null; removedByTeamId: number | null; deciderMap: boolean }[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const bracketMatches = (page: TournamentPage): BracketMatch[] =>
  page.data.bracket.stages.flatMap((s) => s.groups.flatMap((g) => g.rounds.flatMap((r) => r.matches)));

/** How a night names its people and teams (`soak`, `Soak Team`, `ST`) and numbers their player ids. */
export interface NightNames {
  user: string;
  team: string;
  tag: string;
  password: string;
  firstPlayerId: number;
}

/**
 * A person registers; on a busy machine the first answer can come back without its XSRF cookie (419 at the
 * register), so a refusal is tried again with a fresh client, as a person would reload the page.
 */
async function register(base: string, address: string, username: string, password: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await new SoakClient(base, address).register(username, password);
    } catch (error) {
      if (attempt >= 3) throw error;
      await sleep(1000);
    }
  }
}

/** One team: its captain and four players register, link player ids, and the captain builds the team. */
async function buildTeam(base: string, names: NightNames, index: number): Promise<NightTeam> {
  // One loopback address per team: it is the client the app sees, so the per-address register limit
  // (5 an hour) counts each team's five people, as five people at one club would be counted.
  const address = `127.0.1.${String(index + 1)}`;
  const number = String(index + 1).padStart(2, '0');
  const players: NightTeam['players'] = [];
  const clients: SoakClient[] = [];
  for (let p = 0; p < TEAM_SIZE; p++) {
    const username = `${names.user}${number}p${String(p + 1)}`;
    const client = await register(base, address, username, names.password);
    const playerId = `[U:1:${String(names.firstPlayerId + index * 10 + p)}]`;
    await client.must('PUT', '/api/v1/users/me/player-ids/cod4', { playerId });
    players.push({ userId: client.userId, username, playerId });
    clients.push(client);
  }
  const captain = clients[0] as SoakClient;
  const created = await captain.must<{ data: { id: number; slug: string } }>('POST', '/api/v1/teams', {
    name: `${names.team} ${number}`,
    tag: `${names.tag}${String(index + 1)}`,
  });
  for (let p = 1; p < TEAM_SIZE; p++) {
    const invited = await captain.must<{ data: { id: number } }>(
      'POST',
      `/api/v1/teams/${created.data.slug}/invitations`,
      { username: players[p]?.username },
    );
    await (clients[p] as SoakClient).must(
      'POST',
      `/api/v1/team-invitations/${String(invited.data.id)}/accept`,
    );
  }
  return { index, id: created.data.id, slug: created.data.slug, captain, players };
}

/** The 16 teams, four at a time: registration hashes passwords (argon2), the machine has two cores. */
export async function buildTeams(base: string, names: NightNames): Promise<NightTeam[]> {
  const teams: NightTeam[] = [];
  for (let i = 0; i < TEAMS; i += 4)
    teams.push(...(await Promise.all([0, 1, 2, 3].map((k) => buildTeam(base, names, i + k)))));
  return teams;
}

/** The admin creates the night's cup: single elimination, best of one, the first map pool and location. */
export async function createCup(admin: SoakClient, name: string): Promise<{ id: number; slug: string }> {
  const pools = await admin.must<{ data: { id: number }[] }>('GET', '/api/v1/admin/map-pools');
  const locations = await admin.must<{ data: { id: number }[] }>('GET', '/api/v1/admin/locations');
  const created = await admin.must<{ data: { id: number; slug: string } }>(
    'POST',
    '/api/v1/admin/tournaments',
    {
      name,
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
  return created.data;
}

/** What the captains of a night have done so far: who readied up for which match, which results approved. */
export interface NightProgress {
  readied: Set<string>;
  approved: Set<number>;
  finished: Set<number>;
  cancelled: Set<number>;
}

export const newProgress = (): NightProgress => ({
  readied: new Set(),
  approved: new Set(),
  finished: new Set(),
  cancelled: new Set(),
});

/** One look at a match and what its captains do about it now (ready, veto, approve the log's result). */
async function act(
  matchId: number,
  statusId: number,
  sides: [NightTeam, NightTeam],
  progress: NightProgress,
) {
  const id = String(matchId);
  if (statusId === STATUS.readyUp) {
    for (const team of sides) {
      const key = `${id}:${String(team.id)}`;
      if (progress.readied.has(key)) continue;
      const answer = await team.captain.call('POST', `/api/v1/match-detail/status/${id}/ready/1`);
      if (answer.status === 200) progress.readied.add(key);
    }
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
  } else if (statusId === STATUS.scoreEntered && !progress.approved.has(matchId)) {
    // The log's result was entered by the system: a captain approves it.
    for (const team of [sides[1], sides[0]]) {
      const answer = await team.captain.call('POST', `/api/v1/match-detail/score/form/${id}/approve`, {
        approve: 1,
      });
      if (answer.status === 200) {
        progress.approved.add(matchId);
        return;
      }
    }
  }
}

/**
 * One look at the bracket: each finished or cancelled match is counted (and said once), and the captains of
 * every other match with both its teams do what it waits for.
 */
export async function playBracket(
  page: TournamentPage,
  teamsById: Map<number, NightTeam>,
  progress: NightProgress,
  say: (text: string) => void,
): Promise<void> {
  const work: Promise<void>[] = [];
  for (const m of bracketMatches(page)) {
    if (m.id === null || typeof m.statusId !== 'number' || !m.challengerTeam || !m.opponentTeam) continue;
    if (m.statusId === STATUS.finished) {
      if (!progress.finished.has(m.id))
        say(`match ${String(m.id)} finished (${String(progress.finished.size + 1)} of ${String(TEAMS - 1)})`);
      progress.finished.add(m.id);
    } else if (m.statusId === STATUS.cancelled) {
      if (!progress.cancelled.has(m.id)) say(`match ${String(m.id)} was CANCELLED`);
      progress.cancelled.add(m.id);
    } else {
      const sides = [teamsById.get(m.challengerTeam.id), teamsById.get(m.opponentTeam.id)];
      if (sides[0] && sides[1]) work.push(act(m.id, m.statusId, [sides[0], sides[1]], progress));
    }
  }
  await Promise.all(work);
}
