// The tournaments module's front door: its routes, the sweeper's start step and the bracket subscriber.
export { tournamentRoutes } from './tournament.routes.ts';
export { bracketSubscriber, generateBracket, startDueTournaments } from './bracket.service.ts';
export { tournamentStartDue } from './bracket.repository.ts';
export {
  applyRoundWindowDeadlines,
  listRoundWindows,
  roundWindowDue,
  roundWindowOfMatch,
  removeRoundWindow,
  setRoundWindow,
} from './round-windows.ts';
