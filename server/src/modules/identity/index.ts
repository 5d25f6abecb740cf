// The identity module's front door: player ids bound to accounts, and the rule for heartbeat claims.
export { identityRoutes } from './identity.routes.ts';
export { judgeClaim } from './identity.service.ts';
export type { ClaimVerdict } from './identity.service.ts';
export {
  rosterIdentities,
  trustedIdsOfUsers,
  trustedOwners,
  TRUSTED_SOURCES,
} from './identity.repository.ts';
