// The player-ids module's front door: player ids (a CoD4 GUID) bound to accounts, and the rule for
// heartbeat claims.
export { playerIdRoutes } from './player-ids.routes.ts';
export { judgeClaim, judgeNameClaim } from './player-ids.service.ts';
export type { ClaimVerdict } from './player-ids.service.ts';
export { namesAnotherPlayer, normalizeName } from './name-claim.ts';
export {
  rosterIdentities,
  trustedIdsOfUsers,
  trustedOwners,
  TRUSTED_SOURCES,
} from './player-ids.repository.ts';
