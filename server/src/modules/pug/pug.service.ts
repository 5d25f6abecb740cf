// Player select (status 10) of solo-queue matches: the pug data and a captain's pick. The pick goes
// through the match runner (row lock, machine, commit, then `OnMatchPlayerPickerUpdate`).
import type { PugDataPayload } from '@versus/common/realtime';
import type { UserRow } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { runMatchCommand } from '../matches/match-runner.ts';
import { actorOf, findMatch } from '../matches/match.service.ts';
import type { MatchRecord } from '../matches/match-state.mapper.ts';
import { presentPugData } from './pug.presenter.ts';

export const PUG_TEXTS = {
  notPug: 'This match has no player select (it is not a solo-queue match).',
} as const;

/** The success toast (HTML): the picked player's name, escaped. */
export function playerPickedMessage(username: string): string {
  return `<b>${escapeHtml(username)}</b> was picked successfully.`;
}

async function findPugMatch(engine: MatchEngine, matchId: number): Promise<MatchRecord> {
  const record = await findMatch(engine, matchId);
  if (record.state.type !== 'solo-queue') throw new NotFoundError(PUG_TEXTS.notPug);
  return record;
}

export async function getPugData(engine: MatchEngine, matchId: number): Promise<PugDataPayload> {
  return presentPugData(await findPugMatch(engine, matchId));
}

export async function selectPlayer(
  engine: MatchEngine,
  user: UserRow,
  matchId: number,
  playerUserId: number,
): Promise<{ message: string }> {
  await findPugMatch(engine, matchId);
  const outcome = await runMatchCommand(engine, matchId, {
    type: 'pick.select',
    actor: actorOf(user),
    playerUserId,
  });
  const picked = outcome.record.users.get(playerUserId)?.username ?? 'The player';
  return { message: playerPickedMessage(picked) };
}
