// Stages a fresh match of the demo world in a named state, for testers and browser tests. Each
// scenario creates the match as the product does (a ladder challenge or a bracket match) and then plays
// the commands a person would, through the same runner, until the match is in the wanted state.
import type { MatchCommand } from '@versus/common/match/commands';
import { playedMaps } from '@versus/common/match/score';
import type { MatchState } from '@versus/common/match/state';
import { currentVetoTurn, isMapAvailable } from '@versus/common/match/veto';
import { asc, eq } from 'drizzle-orm';
import { ladderTeams, ladders, teamMembers, teams, tournaments, users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { NewTeamMatch } from '../ladders/ladder.repository.ts';
import { insertTeamMatch } from '../ladders/ladder.repository.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { openDispute } from '../disputes/dispute.service.ts';
import { runMatchCommand } from '../matches/match-runner.ts';
import { loadMatch } from '../matches/match.repository.ts';
import { isPugScenarioName, stagePugScenario } from '../solo-queue/pug-scenarios.ts';
import type { PugScenarioName } from '../solo-queue/pug-scenarios.ts';
import type { FileStorage } from '../../storage/index.ts';
import { recordDemoAnticheat, recordDemoLog } from './scenario-game-data.ts';

export const SCENARIO_NAMES = [
  'ladder-challenge',
  'ladder-veto',
  'ladder-veto-bo3',
  'tournament-ready',
  'in-progress',
  'score-entered',
  'finished',
  'disputed',
] as const;
/** The team scenarios above, and the solo-queue ones (`pug-pick` 10, `pug-location` 11). */
export type ScenarioName = (typeof SCENARIO_NAMES)[number] | PugScenarioName;

export function isScenarioName(name: string): name is ScenarioName {
  return (SCENARIO_NAMES as readonly string[]).includes(name) || isPugScenarioName(name);
}

interface SideSummary {
  team: string;
  captain: string | null;
  players: string[];
}

export interface ScenarioResult {
  scenario: ScenarioName;
  matchId: number;
  url: string;
  statusId: number;
  challenger: SideSummary;
  opponent: SideSummary;
  password: string;
}

interface DemoSide {
  teamId: number;
  name: string;
  captainId: number | null;
  memberIds: number[];
}

async function demoSides(engine: MatchEngine, ladderId: number): Promise<[DemoSide, DemoSide]> {
  const rows = await engine.db
    .select({ team: teams, userId: teamMembers.userId, isCaptain: teamMembers.isCaptain })
    .from(ladderTeams)
    .innerJoin(teams, eq(teams.id, ladderTeams.teamId))
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(eq(ladderTeams.ladderId, ladderId))
    .orderBy(asc(teams.id), asc(teamMembers.id));
  const byTeam = new Map<number, DemoSide>();
  for (const r of rows) {
    const side = byTeam.get(r.team.id) ?? {
      teamId: r.team.id,
      name: r.team.name,
      captainId: null,
      memberIds: [],
    };
    side.memberIds.push(r.userId);
    if (r.isCaptain) side.captainId = r.userId;
    byTeam.set(r.team.id, side);
  }
  const [a, b] = [...byTeam.values()];
  if (!a || !b) throw new NotFoundError('The demo world is not seeded (it needs two teams on a ladder).');
  return [a, b];
}

async function createMatch(engine: MatchEngine, name: ScenarioName): Promise<number> {
  const [ladder] = await engine.db.select().from(ladders).orderBy(asc(ladders.id)).limit(1);
  if (!ladder) throw new NotFoundError('The demo world is not seeded (no ladder).');
  const [challenger, opponent] = await demoSides(engine, ladder.id);
  const now = engine.now();
  const base: NewTeamMatch = {
    type: 'ladder',
    gameId: ladder.gameId,
    ladderId: ladder.id,
    teamSize: ladder.teamSize,
    bestOf: name === 'ladder-veto-bo3' ? 3 : 1,
    startDate: null,
    statusId: 1,
    challenger,
    opponent,
    now: new Date(now),
  };
  if (name !== 'tournament-ready') return engine.db.transaction((tx) => insertTeamMatch(tx, base));
  const [tournament] = await engine.db.select().from(tournaments).orderBy(asc(tournaments.id)).limit(1);
  if (!tournament) throw new NotFoundError('The demo world is not seeded (no tournament).');
  return engine.db.transaction((tx) =>
    insertTeamMatch(tx, {
      ...base,
      type: 'tournament',
      ladderId: undefined,
      tournamentId: tournament.id,
      bestOf: 1,
      statusId: 3,
      startDate: new Date(now),
    }),
  );
}

const asActor = (userId: number | null) => ({ userId: userId ?? -1, isAdmin: false });

function vetoStep(match: MatchState): MatchCommand | null {
  const turn = currentVetoTurn(match);
  const map = match.maps.find(isMapAvailable);
  if (!turn || !map) return null;
  return { type: 'veto.select', actor: asActor(turn.userId), mapId: map.mapId };
}

function scoreSheet(match: MatchState): MatchCommand {
  const needed = Math.ceil(match.bestOf / 2);
  return {
    type: 'score.submit',
    actor: asActor(match.challenger.captainUserId),
    scores: playedMaps(match).map((m, i) => ({
      mapId: m.mapId,
      challengerScore: i < needed ? 13 : null,
      opponentScore: i < needed ? 7 : null,
    })),
  };
}

/** What a scenario may need besides the engine: the file storage for the `finished` screenshots. */
export interface ScenarioOptions {
  storage?: FileStorage;
}

async function play(
  engine: MatchEngine,
  matchId: number,
  name: ScenarioName,
  options: ScenarioOptions,
): Promise<void> {
  const run = (source: Parameters<typeof runMatchCommand>[2]) => runMatchCommand(engine, matchId, source);
  if (name === 'ladder-challenge') return;
  if (name === 'tournament-ready') {
    await run({ type: 'schedule.start' });
    return;
  }
  await run((m) => ({ type: 'challenge.accept', actor: asActor(m.opponent.captainUserId) }));
  if (name === 'ladder-veto' || name === 'ladder-veto-bo3') return;
  for (let i = 0; i < 20; i += 1) {
    const record = await loadMatch(engine.db, matchId, { lock: false });
    if (!record || record.state.statusId !== 2) break;
    await run(vetoStep);
  }
  if (name === 'in-progress') return;
  if (name === 'disputed') {
    await stageDispute(engine, matchId);
    return;
  }
  if (name === 'finished') await recordDemoAnticheat(engine, matchId, options.storage ?? null);
  await run(scoreSheet);
  if (name === 'score-entered') return;
  // The log after the score, so its rounds follow the entered map scores.
  await recordDemoLog(engine, matchId);
  // Approved by the other captain: the match finishes and the ratings move, as after a real approval.
  await run((m) => ({ type: 'score.approve', actor: asActor(m.opponent.captainUserId), approve: true }));
}

/** The opponent captain disputes the match in progress: status 6 with an open ticket. */
async function stageDispute(engine: MatchEngine, matchId: number): Promise<void> {
  const record = await loadMatch(engine.db, matchId, { lock: false });
  const captainId = record?.state.opponent.captainUserId ?? null;
  const captain = captainId === null ? undefined : record?.users.get(captainId);
  if (!captain) throw new NotFoundError('The demo match has no opponent captain.');
  await openDispute(engine, captain, matchId, 'The other team played with six players on the second half.');
}

async function summary(
  engine: MatchEngine,
  matchId: number,
  scenario: ScenarioName,
): Promise<ScenarioResult> {
  const record = await loadMatch(engine.db, matchId, { lock: false });
  if (!record) throw new NotFoundError('Match not found.');
  const m = record.state;
  const names = async (side: 1 | 2) => {
    const ids = m.players.filter((p) => p.side === side).map((p) => p.userId);
    const rows = ids.length
      ? await engine.db.select({ id: users.id, username: users.username }).from(users)
      : [];
    return rows.filter((r) => ids.includes(r.id)).map((r) => r.username);
  };
  return {
    scenario,
    matchId,
    url: `/match/${String(matchId)}`,
    statusId: m.statusId,
    challenger: { team: m.challenger.name, captain: m.challenger.captainUsername, players: await names(1) },
    opponent: { team: m.opponent.name, captain: m.opponent.captainUsername, players: await names(2) },
    password: 'password',
  };
}

/**
 * Stages `name`. `finished` also carries game data: anticheat heartbeats, screenshots (with
 * `options.storage`) and the simulated server's log, hence statistics.
 */
export async function stageScenario(
  engine: MatchEngine,
  name: ScenarioName,
  options: ScenarioOptions = {},
): Promise<ScenarioResult> {
  if (isPugScenarioName(name)) return summary(engine, await stagePugScenario(engine, name), name);
  const matchId = await createMatch(engine, name);
  await play(engine, matchId, name, options);
  return summary(engine, matchId, name);
}
