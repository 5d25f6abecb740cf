// The users module's test front door: the profile built without the page cache, to compare answers with.
export { getUserProfile } from './user-profile.service.ts';
