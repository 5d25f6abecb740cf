// The tournaments module's test front door: the page built without the page cache, to compare answers with.
export { getTournamentPage } from './tournament.service.ts';
