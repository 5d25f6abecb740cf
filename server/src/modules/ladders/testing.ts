// The ladders module's test front door: the page built without the page cache, to compare answers with.
export { getLadderPage } from './ladder.service.ts';
