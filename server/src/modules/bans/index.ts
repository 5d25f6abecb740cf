// The bans module's front door: whether an account is banned, read by every door a banned account may not pass.
export { assertNoneBanned, assertNotBanned, banInForce, bansInForce } from './bans.ts';
