// The admin module's front door.
export { adminRoutes } from './admin.routes.ts';
export { mapImageRoutes } from './admin-competitions.routes.ts';
export { noPendingEffects, StuckMatches, STUCK_TEXTS } from './stuck-matches.service.ts';
export type { PendingEffectsOf } from './stuck-matches.service.ts';
export type { MatchEffectFact } from './stuck-matches.ts';
