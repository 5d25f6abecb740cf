// Ladder pages and joining. Challenges live in challenge.service.ts.
import type { LadderPage, LadderSummary } from '@versus/common/api/ladders';
import { presentSeason, seasonsOf, seasonStandings } from './ladder-seasons.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { presentLadderPage, presentLadderSummary } from './ladder.presenter.ts';
import {
  captainedTeams,
  findLadderByKey,
  insertLadderTeam,
  ladderStandings,
  listLadders,
  openChallengePairs,
} from './ladder-standings.repository.ts';

export const LADDER_TEXTS = {
  notFound: 'Ladder not found.',
  notCaptain: 'Only a team captain can join a ladder.',
  inactive: 'This ladder is closed.',
  alreadyJoined: 'The team is already on this ladder.',
  chooseTeam: 'Choose which of your teams joins the ladder.',
  joined: 'The team has joined the ladder.',
} as const;

export async function getLadders(db: Db): Promise<{ data: LadderSummary[] }> {
  const rows = await listLadders(db);
  return { data: rows.map((r) => presentLadderSummary(r.ladder, r.teamsCount)) };
}

export async function getLadderPage(
  db: Db,
  key: string,
  viewer: UserRow | null,
): Promise<{ data: LadderPage }> {
  const ladder = await findLadderByKey(db, key);
  if (!ladder) throw new NotFoundError(LADDER_TEXTS.notFound);
  const [standings, captained, seasonRows] = await Promise.all([
    ladderStandings(db, ladder.id),
    viewer ? captainedTeams(db, viewer.id, ladder.gameId) : [],
    seasonsOf(db, ladder.id),
  ]);
  const onLadder = new Set(standings.map((s) => s.team.id));
  const ownTeamIds = captained.filter((t) => onLadder.has(t.id)).map((t) => t.id);
  const openPairs = await openChallengePairs(db, ladder.id, ownTeamIds);
  const seasons = seasonRows.map(presentSeason);
  return { data: presentLadderPage(ladder, standings, captained, { ownTeamIds, openPairs }, seasons) };
}

/** A season's final standings, by the ladder's slug (or id) and the season's number. */
export async function getSeasonStandings(db: Db, key: string, number: number) {
  const ladder = await findLadderByKey(db, key);
  if (!ladder) throw new NotFoundError(LADDER_TEXTS.notFound);
  return seasonStandings(db, ladder.id, number);
}

/** A captain puts one of their teams on the ladder at the starting rating. */
export async function joinLadder(
  db: Db,
  user: UserRow,
  key: string,
  teamId: number | undefined,
  startRating: number,
  now: number,
) {
  const ladder = await findLadderByKey(db, key);
  if (!ladder) throw new NotFoundError(LADDER_TEXTS.notFound);
  const captained = await captainedTeams(db, user.id, ladder.gameId);
  if (captained.length === 0) throw new ForbiddenError(LADDER_TEXTS.notCaptain);
  let team = teamId === undefined ? undefined : captained.find((t) => t.id === teamId);
  if (teamId !== undefined && !team) throw new ForbiddenError(LADDER_TEXTS.notCaptain);
  if (!ladder.isActive) throw new ValidationError({ ladder: [LADDER_TEXTS.inactive] });
  if (!team) {
    if (captained.length > 1) throw new ValidationError({ teamId: [LADDER_TEXTS.chooseTeam] });
    team = captained[0];
  }
  if (!team) throw new ForbiddenError(LADDER_TEXTS.notCaptain);
  const chosen = team;
  const inserted = await db.transaction((tx) =>
    insertLadderTeam(tx, ladder.id, chosen.id, startRating, new Date(now)),
  );
  if (!inserted) throw new ValidationError({ teamId: [LADDER_TEXTS.alreadyJoined] });
  return { message: LADDER_TEXTS.joined, data: { ladderId: ladder.id, teamId: chosen.id } };
}
