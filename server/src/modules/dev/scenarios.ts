// Stages a fresh match of the demo world in a named state, for testers and browser tests. Each
// scenario creates the match as the product does (a ladder challenge or a bracket match) and then plays
// the commands a person would, through the same runner, until the match is in the wanted state.
import type { Scenario } from '@versus/common/api/dev';
import { STATUS } from '@versus/common/match/statuses';
import type { MatchCommand } from '@versus/common/match/commands';
import type { Availability } from '@versus/common/match/league-rules';
import { playedMaps } from '@versus/common/match/score';
import type { MatchState } from '@versus/common/match/state';
import { currentVetoTurn, isMapAvailable } from '@versus/common/match/veto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ladderTeams,
  ladders,
  matches,
  teamMembers,
  teams,
  tournaments,
  users,
} from '../../db/schema/index.ts';
import { ConflictError, HttpError, NotFoundError } from '../../errors.ts';
import type { AppContext } from '../../core/app-context.ts';
import { openDispute } from '../matches/index.ts';
import { createChallenge, insertTeamMatch } from '../ladders/index.ts';
import type { NewTeamMatch } from '../ladders/index.ts';
import { loadMatch, runMatchCommand } from '../matches/index.ts';
import { isPickScenarioName, PICK_SCENARIO_NAMES, stagePickScenario } from '../solo-queue/index.ts';
import type { PickScenarioName } from '../solo-queue/index.ts';
import type { FileStorage } from '../../storage/index.ts';
import { stageBracketMatch } from './scenario-bracket.ts';
import { provisionDemoServer, recordDemoAnticheat, recordDemoLog } from './scenario-game-data.ts';

export const SCENARIO_NAMES = [
  'ladder-challenge',
  'ladder-veto',
  'ladder-veto-bo3',
  'tournament-ready',
  'in-progress',
  'server-log-live',
  'server-log-result',
  'score-entered',
  'tournament-score-entered',
  'finished',
  'disputed',
] as const;
/** The team scenarios above, and the solo-queue ones (`pug-pick` 10, `pug-location` 11). */
export type ScenarioName = (typeof SCENARIO_NAMES)[number] | PickScenarioName;

/** Every name `POST /api/v1/dev/scenarios/{name}` knows (and `npm run scenario` lists), in one order. */
export const ALL_SCENARIO_NAMES: readonly ScenarioName[] = [...SCENARIO_NAMES, ...PICK_SCENARIO_NAMES];

export function isScenarioName(name: string): name is ScenarioName {
  return (SCENARIO_NAMES as readonly string[]).includes(name) || isPickScenarioName(name);
}

/** What staging answers: the match and who plays it (`@versus/common/api/dev`). */
export type ScenarioResult = Scenario & { scenario: ScenarioName };

interface DemoSide {
  teamId: number;
  name: string;
  captainId: number | null;
  memberIds: number[];
}

async function demoSides(ctx: AppContext, ladderId: number): Promise<[DemoSide, DemoSide]> {
  const rows = await ctx.db
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

async function createMatch(ctx: AppContext, name: ScenarioName): Promise<number> {
  const [ladder] = await ctx.db.select().from(ladders).orderBy(asc(ladders.id)).limit(1);
  if (!ladder) throw new NotFoundError('The demo world is not seeded (no ladder).');
  const [challenger, opponent] = await demoSides(ctx, ladder.id);
  const now = ctx.now();
  const base: NewTeamMatch = {
    type: 'ladder',
    gameId: ladder.gameId,
    ladderId: ladder.id,
    teamSize: ladder.teamSize,
    bestOf: name === 'ladder-veto-bo3' ? 3 : 1,
    startDate: null,
    statusId: STATUS.challenge,
    challenger,
    opponent,
    now: new Date(now),
  };
  if (name === 'tournament-score-entered') return stageBracketMatch(ctx, now);
  if (name !== 'tournament-ready')
    return challengeAsCaptain(ctx, ladder.id, challenger, opponent, base.bestOf);
  const [tournament] = await ctx.db.select().from(tournaments).orderBy(asc(tournaments.id)).limit(1);
  if (!tournament) throw new NotFoundError('The demo world is not seeded (no tournament).');
  const size = tournament.teamSize;
  return ctx.db.transaction((tx) =>
    insertTeamMatch(tx, {
      ...base,
      teamSize: size,
      challenger: { ...challenger, memberIds: demoLineup(challenger, size) },
      opponent: { ...opponent, memberIds: demoLineup(opponent, size) },
      type: 'tournament',
      ladderId: undefined,
      tournamentId: tournament.id,
      bestOf: 1,
      statusId: STATUS.scheduled,
      startDate: new Date(now),
    }),
  );
}

const asActor = (userId: number | null) => ({ userId: userId ?? -1, isAdmin: false });

/**
 * Staging sets aside the one-match-at-a-time rule (docs/league-rules.md): testers and browser stories
 * stage many matches of the same two demo teams, each in the state they need, side by side.
 */
const STAGING: Availability = { rosterSizes: { challenger: null, opponent: null }, elsewhere: [] };

/** A demo side's lineup: the captain and the longest-standing members, up to the team size. */
function demoLineup(side: DemoSide, size: number): number[] {
  const others = side.memberIds.filter((id) => id !== side.captainId).sort((a, b) => a - b);
  return [...(side.captainId === null ? [] : [side.captainId]), ...others].slice(0, size);
}

/**
 * A ladder scenario starts as players start one: the challenger's captain posts the challenge (the
 * service the route runs, so the challenged captain is notified). A still open (1 or 3) challenge between
 * the two demo teams, from an earlier staging, is first cancelled by its challenger's captain.
 */
async function challengeAsCaptain(
  ctx: AppContext,
  ladderId: number,
  challenger: DemoSide,
  opponent: DemoSide,
  bestOf: 1 | 3 | 5,
): Promise<number> {
  const open = await ctx.db
    .select({ id: matches.id, captainId: matches.challengerCaptainId })
    .from(matches)
    .where(
      and(
        eq(matches.ladderId, ladderId),
        inArray(matches.statusId, [STATUS.challenge, STATUS.scheduled]),
        inArray(matches.challengerTeamId, [challenger.teamId, opponent.teamId]),
        inArray(matches.opponentTeamId, [challenger.teamId, opponent.teamId]),
      ),
    );
  for (const m of open) {
    await runMatchCommand(ctx, m.id, { type: 'match.cancel', actor: asActor(m.captainId) });
  }
  const [captain] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.id, challenger.captainId ?? -1));
  if (!captain) throw new NotFoundError('The demo challenger team has no captain.');
  // A roster bigger than the team size plays its captain and the longest-standing members.
  const [ladder] = await ctx.db.select().from(ladders).where(eq(ladders.id, ladderId));
  const size = ladder?.teamSize ?? challenger.memberIds.length;
  const lineup = challenger.memberIds.length > size ? demoLineup(challenger, size) : undefined;
  const created = await createChallenge(ctx, captain, ladderId, {
    opponentTeamId: opponent.teamId,
    teamId: challenger.teamId,
    bestOf,
    ...(lineup ? { lineup } : {}),
  });
  return created.id;
}

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

/**
 * What a scenario may need besides the context: the file storage for the `finished` screenshots, and the
 * admin who stages it (who cancels the match when staging fails; else the first admin).
 */
export interface ScenarioOptions {
  storage?: FileStorage;
  adminId?: number;
}

async function play(
  ctx: AppContext,
  matchId: number,
  name: ScenarioName,
  options: ScenarioOptions,
): Promise<void> {
  const run = (source: Parameters<typeof runMatchCommand>[2]) => runMatchCommand(ctx, matchId, source);
  if (name === 'ladder-challenge') return;
  if (name === 'tournament-ready') {
    await run({ type: 'schedule.start' });
    return;
  }
  if (name === 'tournament-score-entered') await readyUp(ctx, matchId);
  else
    await run((m) => ({
      type: 'challenge.accept',
      actor: asActor(m.opponent.captainUserId),
      availability: STAGING,
    }));
  if (name === 'ladder-veto' || name === 'ladder-veto-bo3') return;
  for (let i = 0; i < 20; i += 1) {
    const record = await loadMatch(ctx.db, matchId, { lock: false });
    if (!record || record.state.statusId !== STATUS.mapVeto) break;
    await run(vetoStep);
  }
  // The game server is taken now, while the match is in progress: the veto's own request runs after its
  // commit, in the background, and the pool (the embedded default's) serves only matches in play, so it
  // would skip a match the next commands have already scored.
  const postsLog = name === 'server-log-live' || name === 'server-log-result' || name === 'finished';
  await provisionDemoServer(ctx, matchId, { required: postsLog });
  if (name === 'in-progress') return;
  // The game server's log of a match in progress: the first map in play (after 5 rounds), or the challenger
  // winning every map it takes 13-7, the result not entered yet (for the score rules, see docs/scores.md).
  if (name === 'server-log-live') return recordDemoLog(ctx, matchId, { untilRound: 5 });
  if (name === 'server-log-result') {
    const record = await loadMatch(ctx.db, matchId, { lock: false });
    const needed = Math.ceil((record?.state.bestOf ?? 1) / 2);
    const results = Array.from({ length: needed }, () => ({ challengerRounds: 13, opponentRounds: 7 }));
    return recordDemoLog(ctx, matchId, { results });
  }
  if (name === 'disputed') {
    await stageDispute(ctx, matchId);
    return;
  }
  if (name === 'finished') await recordDemoAnticheat(ctx, matchId, options.storage ?? null);
  await run(scoreSheet);
  if (name === 'score-entered' || name === 'tournament-score-entered') return;
  // The log after the score, so its rounds follow the entered map scores.
  await recordDemoLog(ctx, matchId);
  // Approved by the other captain: the match finishes and the ratings move, as after a real approval.
  await run((m) => ({ type: 'score.approve', actor: asActor(m.opponent.captainUserId), approve: true }));
}

/** A bracket match at its start: the ready check opened (unless the sweeper did), both captains ready. */
async function readyUp(ctx: AppContext, matchId: number): Promise<void> {
  const record = await loadMatch(ctx.db, matchId, { lock: false });
  if (record?.state.statusId === STATUS.scheduled) {
    await runMatchCommand(ctx, matchId, { type: 'schedule.start' }).catch(async (err: unknown) => {
      // The sweeper's pass may have opened it first.
      const again = await loadMatch(ctx.db, matchId, { lock: false });
      if (again?.state.statusId !== STATUS.readyUp) throw err;
    });
  }
  for (const side of ['challenger', 'opponent'] as const) {
    await runMatchCommand(ctx, matchId, (m) => ({
      type: 'ready.set',
      actor: asActor(m[side].captainUserId),
      ready: true,
      availability: STAGING,
    }));
  }
}

/** The opponent captain disputes the match in progress: status 6 with an open ticket. */
async function stageDispute(ctx: AppContext, matchId: number): Promise<void> {
  const record = await loadMatch(ctx.db, matchId, { lock: false });
  const captainId = record?.state.opponent.captainUserId ?? null;
  const captain = captainId === null ? undefined : record?.users.get(captainId);
  if (!captain) throw new NotFoundError('The demo match has no opponent captain.');
  await openDispute(ctx, captain, matchId, 'The other team played with six players on the second half.');
}

async function summary(ctx: AppContext, matchId: number, scenario: ScenarioName): Promise<ScenarioResult> {
  const record = await loadMatch(ctx.db, matchId, { lock: false });
  if (!record) throw new NotFoundError('Match not found.');
  const m = record.state;
  const names = async (side: 1 | 2) => {
    const ids = m.players.filter((p) => p.side === side).map((p) => p.userId);
    const rows = ids.length
      ? await ctx.db.select({ id: users.id, username: users.username }).from(users)
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
  ctx: AppContext,
  name: ScenarioName,
  options: ScenarioOptions = {},
): Promise<ScenarioResult> {
  let matchId: number | null = null;
  try {
    if (isPickScenarioName(name)) return await summary(ctx, await stagePickScenario(ctx, name), name);
    matchId = await createMatch(ctx, name);
    await play(ctx, matchId, name, options);
  } catch (error) {
    if (matchId !== null) await undoStaging(ctx, matchId, options.adminId);
    throw refusal(ctx, name, matchId, error);
  }
  return summary(ctx, matchId, name);
}

/** A failed staging answers 4xx with what went wrong: a refusal as it is, anything else as a 409. */
function refusal(ctx: AppContext, name: ScenarioName, matchId: number | null, error: unknown): HttpError {
  if (error instanceof HttpError && error.statusCode < 500) return error;
  ctx.log.error({ err: error, matchId, scenario: name }, 'scenario: staging failed');
  const reason = error instanceof Error ? error.message : String(error);
  const undone = matchId === null ? '' : ` (match #${String(matchId)} was cancelled)`;
  return new ConflictError(`The scenario ${name} could not be staged${undone}: ${reason}`);
}

/**
 * A scenario that fails midway leaves no half-staged match: an admin cancels it, as one would by hand, so
 * its server is released and nothing waits on it.
 */
async function undoStaging(ctx: AppContext, matchId: number, adminId: number | undefined): Promise<void> {
  const [admin] =
    adminId === undefined
      ? await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.role, 'admin'))
          .orderBy(asc(users.id))
          .limit(1)
      : [{ id: adminId }];
  if (!admin) return;
  await runMatchCommand(ctx, matchId, {
    type: 'match.cancel',
    actor: { userId: admin.id, isAdmin: true },
  }).catch((err: unknown) => ctx.log.warn({ err, matchId }, 'scenario: could not cancel the failed match'));
}
