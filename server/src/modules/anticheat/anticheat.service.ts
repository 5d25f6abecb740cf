// The anticheat client's heartbeat: who is playing which match under which in-game name.
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { judgeClaim, judgeNameClaim } from '../player-ids/index.ts';
import { insertHeartbeat, matchAndPlayer, updateRosterIdentity } from './anticheat.repository.ts';

export interface HeartbeatInput {
  matchId: number;
  inGameName: string;
  guid: string | null;
}

/** Records a heartbeat of a player of the match; 404 for no match, 403 for someone not playing in it. */
export async function recordHeartbeat(db: Db, user: UserRow, input: HeartbeatInput, now: number) {
  const { match, player } = await matchAndPlayer(db, input.matchId, user.id);
  if (!match) throw new NotFoundError('Match not found.');
  if (!player) throw new ForbiddenError('You are not a player of this match.');
  const at = new Date(now);
  await insertHeartbeat(db, {
    userId: user.id,
    matchId: match.id,
    inGameName: input.inGameName,
    guid: input.guid,
    at,
  });
  // The id is only confirmed for this match's roster (the roster lock), never bound to the account, and
  // refused when it is someone else's (see identity.service.ts).
  const verdict = input.guid
    ? await judgeClaim(db, {
        matchId: match.id,
        gameId: match.gameId,
        claimantUserId: user.id,
        playerId: input.guid,
        now: at,
      })
    : { accepted: false as const };
  // A name that is another lineup player's name is ignored: the roster keeps the player's own name, so the
  // log's rows of that name stay the other player's.
  const nameAccepted = await judgeNameClaim(db, {
    matchId: match.id,
    claimantUserId: user.id,
    inGameName: input.inGameName,
  });
  await updateRosterIdentity(db, player.id, {
    inGameName: nameAccepted ? input.inGameName : null,
    guid: verdict.accepted ? input.guid : null,
  });
  return {
    running: true,
    matchId: match.id,
    intervalSeconds: 30,
    guidAccepted: verdict.accepted,
    nameAccepted,
  };
}
