// Game servers follow the match: provisioned when the veto ends (`GameServerRequested`), destroyed when
// the match is over (`MatchFinished`, `MatchCancelled`). After commit, so a rolled-back change never
// starts or stops a server.
import { assertNever } from '@versus/common/match/assert-never';
import { matchSubscriber } from '../matches/index.ts';
import { gameServersOf } from './game-server.registry.ts';

export const gameServerSubscriber = matchSubscriber({
  name: 'game servers',
  events: ['GameServerRequested', 'MatchFinished', 'MatchCancelled'],
  async afterCommit(event, change) {
    const servers = gameServersOf(change.ctx);
    const matchId = change.record.state.id;
    switch (event.type) {
      case 'GameServerRequested':
        return servers.provisionForMatch(matchId, change.record);
      case 'MatchFinished':
      case 'MatchCancelled':
        return servers.destroyForMatch(matchId);
      default:
        return assertNever(event);
    }
  },
});
