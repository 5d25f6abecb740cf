// The teams module's test front door: the page built without the page cache, to compare answers with.
export { getTeamPage } from './team.service.ts';
